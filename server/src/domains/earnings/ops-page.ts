/**
 * The operator's withdrawal console (demo): a static page whose script asks for the OPS_KEY (kept in this tab's
 * sessionStorage only) and lists withdrawals with 通过 / 驳回 through the /ops/earnings API. Everything it shows
 * is set as text, never as HTML.
 */
import { opsPageHtml } from '../../runtime/ops-page';

export const CONSOLE_HTML = opsPageHtml({
  title: '提现审核',
  style: '.row span{min-width:120px}',
  keyBar: '<label><input type="checkbox" id="only-reviewing" checked> 只看待审核</label>',
  body: `<div id="list"></div>`,
  script: `  function cell(parent,text){return el(parent,'span',text)}
  function load(){
    msg.textContent='';
    var only=document.getElementById('only-reviewing').checked;
    call('GET','/ops/earnings/withdrawals'+(only?'?status=REVIEWING':'')).then(function(info){
      var list=document.getElementById('list');list.textContent='';
      if(!info.list.length){var e=document.createElement('div');e.className='card';e.textContent='暂无提现申请';list.appendChild(e)}
      info.list.forEach(function(w){
        var card=document.createElement('div');card.className='card row';card.setAttribute('data-no',w.withdrawalNo);
        cell(card,w.withdrawalNo);cell(card,w.phone||'');cell(card,w.holderName+' '+w.bankName+' '+w.cardMasked);
        // Only a paid-out withdrawal reached the card; a refused or failed one went back to the balance.
        cell(card,'提现 '+yuan(w.amount)+(w.status==='SUCCESS'?' 实际到账 '+yuan(w.actualAmount):w.status==='FAILED'||w.status==='REJECTED'?' 已退回':' 预计到账 '+yuan(w.actualAmount)));cell(card,w.statusText).className='state';
        if(w.status==='REVIEWING'){
          var a=document.createElement('button');a.className='ok';a.textContent='通过';a.id='approve-'+w.withdrawalNo;
          // Approval pays out at once: the operator confirms amount and card first; cancelling sends nothing.
          a.onclick=function(){
            if(!confirm('确认通过并打款？\\n'+w.holderName+' '+w.bankName+' '+w.cardMasked+'\\n提现 '+yuan(w.amount)+'，实际打款 '+yuan(w.actualAmount)))return;
            call('POST','/ops/earnings/withdrawals/'+encodeURIComponent(w.withdrawalNo)+'/approve').then(load,function(e){msg.textContent=e.message});
          };
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
  if(keyInput.value)load();`,
});
