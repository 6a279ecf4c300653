/**
 * The operator's withdrawal console (demo): a static page whose script asks for the OPS_KEY (kept in this tab's
 * sessionStorage only) and lists withdrawals with 通过 / 驳回 through the /ops/earnings API. Everything it shows
 * is set as text, never as HTML.
 */
export const CONSOLE_HTML = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>提现审核</title>
<style>
body{margin:0;font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f5f5f5;color:#333}
.c{max-width:960px;margin:0 auto;padding:16px}
.card{background:#fff;border-radius:8px;padding:12px 16px;margin-bottom:12px}
.row{display:flex;gap:12px;flex-wrap:wrap;align-items:center;font-size:14px}
.row span{min-width:120px}
button{border:0;border-radius:16px;padding:6px 14px;font-size:14px;cursor:pointer}
.ok{background:#07c160;color:#fff}.no{background:#fff;border:1px solid #ddd}
input{padding:6px 8px;border:1px solid #ddd;border-radius:6px;font-size:14px}
#msg{color:#c00;font-size:13px;min-height:18px}
</style></head>
<body><div class="c">
<h2>提现审核</h2>
<div class="card row"><input id="ops-key" type="password" placeholder="OPS_KEY" size="32"><button class="ok" id="ops-load">加载</button>
<label><input type="checkbox" id="only-reviewing" checked> 只看待审核</label></div>
<div id="msg"></div>
<div id="list"></div>
</div>
<script>
(function(){
  var keyInput=document.getElementById('ops-key');
  keyInput.value=sessionStorage.getItem('opsKey')||'';
  var msg=document.getElementById('msg');
  function yuan(f){return '¥'+(f/100).toFixed(2)}
  function call(method,path,body){
    sessionStorage.setItem('opsKey',keyInput.value);
    return fetch(path,{method:method,headers:Object.assign({authorization:'Bearer '+keyInput.value},body?{'content-type':'application/json'}:{}),body:body?JSON.stringify(body):undefined})
      .then(function(r){return r.json()}).then(function(j){if(!j.state)throw new Error(j.message);return j.info});
  }
  function cell(parent,text){var s=document.createElement('span');s.textContent=text;parent.appendChild(s);return s}
  function load(){
    msg.textContent='';
    var only=document.getElementById('only-reviewing').checked;
    call('GET','/ops/earnings/withdrawals'+(only?'?status=REVIEWING':'')).then(function(info){
      var list=document.getElementById('list');list.textContent='';
      if(!info.list.length){var e=document.createElement('div');e.className='card';e.textContent='暂无提现申请';list.appendChild(e)}
      info.list.forEach(function(w){
        var card=document.createElement('div');card.className='card row';card.setAttribute('data-no',w.withdrawalNo);
        cell(card,w.withdrawalNo);cell(card,w.phone||'');cell(card,w.holderName+' '+w.bankName+' '+w.cardMasked);
        cell(card,'提现 '+yuan(w.amount)+' 到账 '+yuan(w.actualAmount));cell(card,w.statusText).className='state';
        if(w.status==='REVIEWING'){
          var a=document.createElement('button');a.className='ok';a.textContent='通过';a.id='approve-'+w.withdrawalNo;
          a.onclick=function(){call('POST','/ops/earnings/withdrawals/'+encodeURIComponent(w.withdrawalNo)+'/approve').then(load,function(e){msg.textContent=e.message})};
          var r=document.createElement('button');r.className='no';r.textContent='驳回';r.id='reject-'+w.withdrawalNo;
          r.onclick=function(){var reason=prompt('驳回原因','信息有误');if(!reason)return;call('POST','/ops/earnings/withdrawals/'+encodeURIComponent(w.withdrawalNo)+'/reject',{reason:reason}).then(load,function(e){msg.textContent=e.message})};
          card.appendChild(a);card.appendChild(r);
        }
        list.appendChild(card);
      });
    },function(e){msg.textContent=e.message});
  }
  document.getElementById('ops-load').onclick=load;
  document.getElementById('only-reviewing').onchange=load;
  if(keyInput.value)load();
})();
</script></body></html>`;
