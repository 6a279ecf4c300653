/**
 * The frame of the small operator pages of the demo (DESIGN.md §4: after-sales, withdrawals): one look, and one
 * script prelude that every page needs — the OPS_KEY field (from ?key= or this tab's sessionStorage, never
 * stored elsewhere), `call(method, path, body)` to the /ops API with the bearer key (answers `info`, throws the
 * server's message), `el(parent, tag, text, cls)` that only ever sets text (nothing shown is parsed as HTML),
 * `yuan(fen)` and the `msg` line for errors. A page adds its own styles, body and script after that prelude.
 */
export interface OpsPage {
  title: string;
  /** Extra CSS rules of this page. */
  style?: string;
  /** Extra controls beside the key field (e.g. a filter). */
  keyBar?: string;
  /** The page's own markup, after the key bar and the message line. */
  body: string;
  /** The page's own script, run inside the prelude's scope; it sets `load` up and calls it when a key is there. */
  script: string;
}

const BASE_STYLE = `body{margin:0;font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f5f5f5;color:#333}
.c{max-width:960px;margin:0 auto;padding:16px}
.card{background:#fff;border-radius:8px;padding:12px 16px;margin-bottom:12px;font-size:14px}
.row{display:flex;gap:12px;flex-wrap:wrap;align-items:center;font-size:14px}
.muted{color:#666;font-size:12px}
.state{font-weight:bold;color:#c00}
button{border:0;border-radius:16px;padding:6px 14px;font-size:14px;cursor:pointer;margin:4px 4px 0 0}
.ok{background:#067a3e;color:#fff}.no{background:#fff;border:1px solid #ddd}
input,select{padding:6px 8px;border:1px solid #ddd;border-radius:6px;font-size:14px}
#msg{color:#c00;font-size:13px;min-height:18px}`;

const PRELUDE = `var keyInput=document.getElementById('ops-key');
  keyInput.value=new URLSearchParams(location.search).get('key')||sessionStorage.getItem('opsKey')||'';
  var msg=document.getElementById('msg');
  function yuan(f){return '¥'+(f/100).toFixed(2)}
  function call(method,path,body){
    sessionStorage.setItem('opsKey',keyInput.value);
    return fetch(path,{method:method,headers:Object.assign({authorization:'Bearer '+keyInput.value},body?{'content-type':'application/json'}:{}),body:body?JSON.stringify(body):undefined})
      .then(function(r){return r.json()}).then(function(j){if(!j.state)throw new Error(j.message);return j.info});
  }
  function el(parent,tag,text,cls){var e=document.createElement(tag);if(text!=null)e.textContent=text;if(cls)e.className=cls;parent.appendChild(e);return e}`;

export function opsPageHtml(page: OpsPage): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${page.title}</title>
<style>
${BASE_STYLE}
${page.style ?? ''}
</style></head>
<body><div class="c">
<h1 style="font-size:20px">${page.title}</h1>
<div class="card row"><input id="ops-key" type="password" placeholder="OPS_KEY" aria-label="OPS_KEY" size="32"><button class="ok" id="ops-load">加载</button>${page.keyBar ?? ''}</div>
<div id="msg" role="alert"></div>
${page.body}
</div>
<script>
(function(){
  ${PRELUDE}
${page.script}
})();
</script>
</body></html>`;
}
