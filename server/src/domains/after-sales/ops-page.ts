/**
 * The operator's after-sales page (demo): a static page whose script asks for the OPS_KEY (kept in this tab's
 * sessionStorage only) and lists applications with the actions their state allows, through /ops/after-sales;
 * its 换课 card moves a paid course order to another course through /ops/orders/:orderNo/change-course.
 * Everything it shows is set as text, never as HTML.
 */
import { opsPageHtml } from '../../runtime/ops-page';

export const AFTER_SALES_PAGE_HTML = opsPageHtml({
  title: '售后处理',
  style: `ol{margin:6px 0 0 18px;padding:0}
img{width:56px;height:56px;object-fit:cover;border-radius:4px;margin-right:4px}`,
  body: `<div class="card" id="cc">
<div class="row"><b>换课</b><input id="cc-order" placeholder="已支付的课程订单号" size="28"><button class="no" id="cc-query">查询可换课程</button></div>
<div id="cc-options"></div>
<div id="cc-result" class="muted"></div>
</div>
<div id="list"></div>`,
  script: `  function act(no,action,body){
    msg.textContent='';
    call('POST','/ops/after-sales/'+encodeURIComponent(no)+'/'+action,body||{}).then(load,function(e){msg.textContent=e.message;refresh()});
  }
  var ACTIONS={APPLIED:['agree','return','refuse'],SHIPPED:['receive','refuse'],RECEIVED:['refund','refuse'],AGREED:['refund']};
  var LABEL={agree:'同意退款',return:'同意退货（要求寄回）',receive:'确认收货并退款',refund:'退款',refuse:'拒绝'};
  // These send the refund to the payment provider at once: the operator confirms the amount first.
  var PAYS={agree:true,receive:true,refund:true};
  var loads=0;
  // A new load starts from a clean message line: an earlier error (a wrong key's 401) is no longer true.
  function load(){msg.textContent='';refresh()}
  // The list alone, keeping the message line: a failed action's reason stays on screen while the list reloads.
  function refresh(){
    call('GET','/ops/after-sales').then(function(info){
      var list=document.getElementById('list');
      // A reload (after an action, or 刷新) keeps what the operator was typing as a refusal reason, and its focus.
      var typed={},focused=null;
      Array.prototype.forEach.call(list.querySelectorAll('.refuse-reason'),function(i){
        var no=i.getAttribute('data-no');typed[no]=i.value;if(document.activeElement===i)focused=no;
      });
      list.textContent='';
      if(!info.list.length)el(list,'div','暂无售后申请','card');
      info.list.forEach(function(a){
        var card=el(list,'div',null,'card');card.setAttribute('data-no',a.applicationNo);card.setAttribute('data-state',a.state);
        var head=el(card,'div',null,'row');
        el(head,'span',a.applicationNo);el(head,'span',a.phone||'');el(head,'span',a.courseName);
        el(head,'span',a.typeText+' '+yuan(a.amount));el(head,'span',a.stateText,'state');
        el(card,'div','订单 '+a.orderNo+'（'+a.orderStatus+'） 原因：'+a.reason+(a.description?'；'+a.description:''),'muted');
        if(a.logistics)el(card,'div','退货物流：'+a.logistics.carrierName+' '+a.logistics.trackingNo,'muted logistics');
        if(a.refuseReason)el(card,'div','拒绝原因：'+a.refuseReason,'muted');
        if(a.images.length){var imgs=el(card,'div');a.images.forEach(function(u){var i=el(imgs,'img');i.src=u;i.alt='凭证'})}
        var ol=el(card,'ol');
        a.records.forEach(function(r){el(ol,'li',new Date(r.createdAt).toLocaleString('zh-CN',{timeZone:'Asia/Shanghai'})+' '+r.actorText+'：'+r.eventText+(r.message?'（'+r.message+'）':''))});
        var acts=ACTIONS[a.state]||[];
        if(acts.length){
          var bar=el(card,'div',null,'row');
          var reason=null;
          if(acts.indexOf('refuse')>=0){
            reason=el(bar,'input');reason.placeholder='拒绝原因';reason.className='refuse-reason';
            reason.setAttribute('data-no',a.applicationNo);reason.value=typed[a.applicationNo]||'';
          }
          acts.forEach(function(x){
            var b=el(bar,'button',LABEL[x],x==='refuse'?'no act-'+x:'ok act-'+x);
            b.onclick=function(){
              if(PAYS[x]&&!confirm('确认'+LABEL[x]+'？\\n'+a.applicationNo+' '+a.courseName+'\\n退款金额 '+yuan(a.amount)+'，将原路退回'))return;
              act(a.applicationNo,x,x==='refuse'?{reason:reason.value}:{});
            };
          });
          if(reason&&focused===a.applicationNo)reason.focus();
        }
      });
      // Each finished load is counted, so whoever clicked 刷新 can tell the list it sees is the new one.
      loads+=1;list.setAttribute('data-loads',String(loads));
    },function(e){msg.textContent=e.message});
  }
  // Course change (DEAL_DONE_COURSE): the order's credit, the courses it may move to, then the change.
  var ccBox=document.getElementById('cc-options'),ccResult=document.getElementById('cc-result');
  function ccOrder(){return document.getElementById('cc-order').value.trim()}
  document.getElementById('cc-query').onclick=function(){
    msg.textContent='';ccBox.textContent='';ccResult.textContent='';
    call('GET','/ops/orders/'+encodeURIComponent(ccOrder())+'/course-change').then(function(o){
      el(ccBox,'div','订单状态 '+o.orderStatus+'，已付可抵扣 '+yuan(o.credit),'muted');
      if(!o.allowed){el(ccBox,'div',o.notAllowedReason,'state');return}
      var row=el(ccBox,'div',null,'row');
      var sel=el(row,'select');sel.id='cc-course';
      o.courses.forEach(function(c){var op=el(sel,'option',c.actName+' '+yuan(c.price)+'（费用抵扣 '+yuan(c.deductionAmount)+'）');op.value=c.actSn});
      var note=el(row,'input');note.id='cc-message';note.placeholder='留言（选填）';
      var b=el(row,'button','确认换课','ok');b.id='cc-submit';
      b.onclick=function(){
        msg.textContent='';
        call('POST','/ops/orders/'+encodeURIComponent(ccOrder())+'/change-course',{actSn:sel.value,message:note.value}).then(function(r){
          ccBox.textContent='';
          ccResult.textContent='已换课：原订单 '+r.oldOrderNo+' 已换课，新订单 '+r.newOrderNo+'（'+r.courseName+' '+yuan(r.price)+'），费用抵扣 '+yuan(r.deductionAmount)+(r.uncovered?'，未抵扣 '+yuan(r.uncovered):'');
          ccResult.setAttribute('data-new-order',r.newOrderNo);
        },function(e){msg.textContent=e.message});
      };
    },function(e){msg.textContent=e.message});
  };
  document.getElementById('ops-load').onclick=load;
  if(keyInput.value)load();`,
});
