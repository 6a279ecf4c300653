import {
  MIN_IMAGE_PX,
  isBlankHtml,
  isSafeStyle,
  isSafeUrl,
  isTinyImage,
  sanitizeHtml,
} from '../../contract/rules/rich-text';

describe('rich text: what stays (§9)', () => {
  test.each([
    ['plain text', '课程介绍', '课程介绍'],
    ['formatting', '<p class="a">一<strong>二</strong><br>三</p>', '<p class="a">一<strong>二</strong><br/>三</p>'],
    [
      'tables',
      '<table border="1"><tr><td colspan="2">x</td></tr></table>',
      '<table border="1"><tr><td colspan="2">x</td></tr></table>',
    ],
    [
      'http link',
      '<a href="https://example.com/a?b=1&amp;c=2">a</a>',
      '<a href="https://example.com/a?b=1&amp;c=2">a</a>',
    ],
    ['relative link', '<a href="/pages/x">x</a>', '<a href="/pages/x">x</a>'],
    [
      'tel and mailto',
      '<a href="tel:4008008000">t</a><a href="mailto:a@b.c">m</a>',
      '<a href="tel:4008008000">t</a><a href="mailto:a@b.c">m</a>',
    ],
    [
      'a large image',
      '<img src="/static/a.png" width="600" height="400">',
      '<img src="/static/a.png" width="600" height="400"/>',
    ],
    ['an image without sizes', '<img src="a.png" alt="x">', '<img src="a.png" alt="x"/>'],
    ['a raster data image', '<img src="data:image/png;base64,AAAA">', '<img src="data:image/png;base64,AAAA"/>'],
    [
      'safe inline style',
      '<span style="color:red;font-size:14px">x</span>',
      '<span style="color:red;font-size:14px">x</span>',
    ],
    [
      'a new window gets noopener',
      '<a href="https://e.com" target="_blank">x</a>',
      '<a href="https://e.com" target="_blank" rel="noopener noreferrer">x</a>',
    ],
    ['upper-case tags', '<P><B>x</B></P>', '<p><b>x</b></p>'],
  ])('%s', (_name, input, expected) => {
    expect(sanitizeHtml(input)).toBe(expected);
  });
});

describe('rich text: what goes', () => {
  test.each([
    ['script with content', 'a<script>alert(1)</script>b', 'ab'],
    ['script in odd case with attributes', 'a<ScRiPt type="text/javascript">alert(1)</SCRIPT >b', 'ab'],
    ['script that never closes', 'a<script>alert(1)', 'a'],
    ['style element', '<style>body{display:none}</style><p>x</p>', '<p>x</p>'],
    ['iframe', '<iframe src="https://evil.example"></iframe>ok', 'ok'],
    ['object and embed', '<object data="x.swf"><param name="a"><embed src="x.swf"></object>ok<embed src="y">', 'ok'],
    ['svg with script', '<svg><script>alert(1)</script><circle/></svg>ok', 'ok'],
    ['nested object', '<object><object></object>in</object>ok', 'ok'],
    ['event handler', '<img src="a.png" onerror="alert(1)">', '<img src="a.png"/>'],
    ['handler in odd case, unquoted', '<div ONCLICK=alert(1) class=x>y</div>', '<div class="x">y</div>'],
    ['slash-separated handler', '<img/src="a.png"/onerror=alert(1)>', '<img src="a.png"/>'],
    ['javascript link', '<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['javascript link with spaces and case', '<a href="  JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['javascript link with tab', '<a href="java\tscript:alert(1)">x</a>', '<a>x</a>'],
    ['entity-encoded javascript link', '<a href="&#106;avascript&#58;alert(1)">x</a>', '<a>x</a>'],
    ['hex-entity javascript link', '<a href="&#x6A;avascript&colon;alert(1)">x</a>', '<a>x</a>'],
    ['vbscript link', '<a href="vbscript:msgbox(1)">x</a>', '<a>x</a>'],
    ['data html link', '<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', '<a>x</a>'],
    ['svg data image', '<img src="data:image/svg+xml;base64,PHN2Zz4=">', ''],
    ['image with a script source', '<img src="javascript:alert(1)">', ''],
    ['style with expression', '<p style="width:expression(alert(1))">x</p>', '<p>x</p>'],
    ['style with a script url', '<p style="background:url(javascript:alert(1))">x</p>', '<p>x</p>'],
    ['style with css escapes', '<p style="background:u\\72l(x)">x</p>', '<p>x</p>'],
    ['comments', 'a<!-- <script>alert(1)</script> -->b', 'ab'],
    ['doctype and processing instruction', '<!DOCTYPE html><?xml version="1.0"?>x', 'x'],
    ['unknown tags are unwrapped', '<form action="/x"><input name="a"><button>go</button></form>', 'go'],
    [
      'link and meta tags',
      '<link rel="stylesheet" href="x.css"><meta http-equiv="refresh" content="0;url=javascript:alert(1)">x',
      'x',
    ],
    ['stray angle brackets are escaped', '1 < 2 > 0', '1 &lt; 2 &gt; 0'],
    ['an unterminated tag is dropped', 'ok<img src="a.png" onerror="alert(1)', 'ok'],
    ['attribute value with quotes is re-escaped', `<span title='a"b'>x</span>`, '<span title="a&quot;b">x</span>'],
  ])('%s', (_name, input, expected) => {
    expect(sanitizeHtml(input)).toBe(expected);
  });

  test('nothing executable survives a mixed document', () => {
    const out = sanitizeHtml(
      '<div onmouseover="x()"><a href="javascript:void(0)" onclick="y()">a</a><script>z()</script><iframe srcdoc="<script>w()</script>"></iframe><img src=x onerror=v()></div>',
    );
    expect(out).not.toMatch(/<script|<iframe|on[a-z]+=|javascript:/i);
  });
});

describe('rich text: images under 60 px are dropped (§9)', () => {
  test.each([
    ['width attribute', '<img src="a.png" width="59">', ''],
    ['height attribute with px', '<img src="a.png" height="20px">', ''],
    ['width in style', '<img src="a.png" style="width: 30px; height: 300px">', ''],
    ['height in style', '<img src="a.png" style="height:1px">', ''],
    ['zero-size tracking pixel', '<img src="a.png" width="0" height="0">', ''],
    ['exactly 60 stays', '<img src="a.png" width="60" height="60">', '<img src="a.png" width="60" height="60"/>'],
    ['max-width is not width', '<img src="a.png" style="max-width:10px">', '<img src="a.png" style="max-width:10px"/>'],
    ['percent widths are not px', '<img src="a.png" width="50%">', '<img src="a.png" width="50%"/>'],
    ['an image without a source', '<img alt="x">', ''],
  ])('%s', (_name, input, expected) => {
    expect(sanitizeHtml(input)).toBe(expected);
  });

  test('the limit is the §9 constant', () => {
    expect(MIN_IMAGE_PX).toBe(60);
    expect(isTinyImage({ width: '59.5' })).toBe(true);
    expect(isTinyImage({ width: '600', style: 'height:59px' })).toBe(true);
    expect(isTinyImage({})).toBe(false);
  });
});

describe('rich text options', () => {
  test('server paths are resolved and images fitted to the screen', () => {
    const out = sanitizeHtml('<p><img src="/static/a.png" style="border:0"><a href="/x">x</a></p>', {
      resolveUrl: (u) => (u.startsWith('/') ? `https://api.example${u}` : u),
      fitImages: true,
    });
    expect(out).toBe(
      '<p><img src="https://api.example/static/a.png" style="border:0;max-width:100%;height:auto;"/><a href="https://api.example/x">x</a></p>',
    );
  });
  test('empty input', () => {
    expect(sanitizeHtml('')).toBe('');
    expect(sanitizeHtml(null)).toBe('');
    expect(sanitizeHtml(undefined)).toBe('');
  });
});

describe('url and style checks', () => {
  test.each([
    ['https://a.b/c', true],
    ['//cdn.example/a.png', true],
    ['a/b.png', true],
    ['#top', true],
    ['data:image/jpeg;base64,AA', true],
    ['javascript:alert(1)', false],
    ['JAVASCRIPT:alert(1)', false],
    ['\u0001javascript:alert(1)', false],
    ['vbscript:x', false],
    ['data:text/html,x', false],
    ['file:///etc/passwd', false],
  ])('isSafeUrl(%j) = %s', (url, ok) => {
    expect(isSafeUrl(url)).toBe(ok);
  });
  test.each([
    ['color:red', true],
    ['background:url(https://a.b/c.png)', true],
    ['background:url("javascript:alert(1)")', false],
    ['behavior:url(x.htc)', false],
    ['-moz-binding:url(x.xml#y)', false],
    ['x:expression/**/(alert(1))', false],
  ])('isSafeStyle(%j) = %s', (css, ok) => {
    expect(isSafeStyle(css)).toBe(ok);
  });
  test('blank html (§8 内容为空)', () => {
    expect(isBlankHtml('')).toBe(true);
    expect(isBlankHtml('<p> &nbsp; </p><br/>')).toBe(true);
    expect(isBlankHtml('<p><img src="a.png"/></p>')).toBe(false);
    expect(isBlankHtml('<p>字</p>')).toBe(false);
  });
});

describe('rich text: headings under the page title (topHeading)', () => {
  test('the highest heading becomes h2 and the others keep their distance, at most h6', () => {
    const html = '<h3 class="t">标题</h3><p>x</p><H4>小节</H4><h6>深</h6>';
    expect(sanitizeHtml(html, { topHeading: 2 })).toBe('<h2 class="t">标题</h2><p>x</p><h3>小节</h3><h5>深</h5>');
  });
  test('content starting at h1 moves down, never past h6', () => {
    expect(sanitizeHtml('<h1>a</h1><h6>b</h6>', { topHeading: 2 })).toBe('<h2>a</h2><h6>b</h6>');
  });
  test('without the option, or without headings, nothing is renamed', () => {
    expect(sanitizeHtml('<h3>a</h3>')).toBe('<h3>a</h3>');
    expect(sanitizeHtml('<p>hr</p><hr><header>x</header>', { topHeading: 2 })).toBe('<p>hr</p><hr/><header>x</header>');
  });
});
