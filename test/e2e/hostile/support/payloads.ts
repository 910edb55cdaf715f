import { SCRIPTED_SVG, XSS_SENTINEL } from '../../../fixtures/wallets'

/**
 * The hostile payload corpus of G3 (SECURITY.md row 7): strings a service, a wallet or a site
 * could send where the kit shows a label. Each is built from a family and has a stable id, so a
 * failure names the exact payload. Anything that would run sets `top[XSS_SENTINEL]` and/or opens
 * an alert: a test sees it either way.
 */
export type Family =
  | 'script'
  | 'markup'
  | 'url'
  | 'bidi'
  | 'invisible'
  | 'overlong'
  | 'confusable'
  | 'prototype'

/** One payload: `family/n`, its family and the text itself. */
export type Payload = { id: string; family: Family; text: string }

const RUN = `top.${XSS_SENTINEL}=1`
const ALERT = `alert(1);${RUN}`
const b64 = (text: string) => Buffer.from(text).toString('base64')

const SCRIPT = [
  `<script>${RUN}</script>`,
  `<SCRIPT>${RUN}</SCRIPT>`,
  `<script src="data:text/javascript,${RUN}"></script>`,
  `<script type="module">${RUN}</script>`,
  `"><script>${ALERT}</script>`,
  `'><script>${ALERT}</script>`,
  `</title><script>${RUN}</script>`,
  `</textarea><script>${RUN}</script>`,
  `</style><script>${RUN}</script>`,
  `<scr<script>ipt>${RUN}</scr</script>ipt>`,
  `<script>/*`,
  `'-${RUN}-'`,
  `";${RUN};//`,
  `\${${RUN}}`,
  `{{constructor.constructor('${RUN}')()}}`,
  `<script\x20type="text/javascript">${RUN}</script>`,
  `<!--<script>${RUN}</script>-->`,
  `<![CDATA[<script>${RUN}</script>]]>`,
  `\\u003cscript\\u003e${RUN}\\u003c/script\\u003e`,
  `&lt;script&gt;${RUN}&lt;/script&gt;`,
]

const MARKUP = [
  `<img src=x onerror="${RUN}">`,
  `<img src=x onerror=alert(1)>`,
  `<svg onload=alert(1)>`,
  `<svg><animate onbegin=alert(1) attributeName=x dur=1s>`,
  `<body onload=alert(1)>`,
  `<iframe srcdoc="<script>parent.${XSS_SENTINEL}=1</script>"></iframe>`,
  `<iframe src=javascript:alert(1)>`,
  `<details open ontoggle=alert(1)>`,
  `<input autofocus onfocus=alert(1)>`,
  `<video><source onerror=alert(1)>`,
  `<audio src=x onerror=alert(1)>`,
  `<object data=javascript:alert(1)>`,
  `<embed src=javascript:alert(1)>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
  `<a href=javascript:alert(1)>x</a>`,
  `<form action=javascript:alert(1)><button>go`,
  `<style>*{display:none!important}</style>`,
  `<div style="position:fixed;inset:0;z-index:2147483647;background:red">cover</div>`,
  `<base href="javascript:${RUN}//">`,
  `<meta http-equiv="refresh" content="0;url=javascript:${RUN}">`,
  `<link rel=import href="data:text/html,<script>${RUN}</script>">`,
  `<marquee onstart=alert(1)>x`,
  `<template><img src=x onerror="${RUN}"></template>`,
  `<noscript><p title="</noscript><img src=x onerror=${RUN}>">`,
  `<x contenteditable onblur=alert(1)>`,
  `<b>bold</b>`,
  `<img src=x onerror=${RUN}>`,
]

const URLS = [
  `javascript:${RUN}`,
  `JaVaScRiPt:${RUN}`,
  `java\tscript:${RUN}`,
  `java\nscript:${RUN}`,
  ` \u0001javascript:${RUN}`,
  `&#106;avascript:${RUN}`,
  `javascript://%0a${RUN}`,
  `vbscript:msgbox(1)`,
  `data:text/html,<script>${RUN}</script>`,
  `data:text/html;base64,${b64(`<script>${RUN}</script>`)}`,
  `data:image/svg+xml;base64,${b64(SCRIPTED_SVG)}`,
  `data:image/svg+xml,${encodeURIComponent(SCRIPTED_SVG)}`,
  `data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" onload="${RUN}"/>`,
  `http://127.0.0.1:1/x.svg#"><script>${RUN}</script>`,
  `//127.0.0.1:1/evil.svg`,
  `blob:null/00000000-0000-0000-0000-000000000000`,
  `file:///etc/passwd`,
  `https://127.0.0.1:1/a.png" onerror="${RUN}`,
]

/** The bidi controls: embeddings, overrides, isolates and marks. */
const BIDI_CONTROLS = [
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200E',
  '\u200F',
  '\u061C',
]
const BIDI = [
  ...BIDI_CONTROLS.map((c) => `Safe ${c}gnp.exe Wallet`),
  ...BIDI_CONTROLS.map((c) => `${c}USDC${c}${c}`),
  '\u202E\u2066Close\u2069',
  'abc\u202E'.repeat(50),
  '\u05D0\u05D1\u05D2 \u0627\u0644\u0639\u0631\u0628\u064A\u0629 ETH',
  '\u2067\u202E0x1234\u202C\u2069',
]

/** Characters that show as nothing (or nearly): zero-width, fillers, tags, separators. */
const INVISIBLE_CHARS = [
  '\u200B',
  '\u200C',
  '\u200D',
  '\uFEFF',
  '\u2060',
  '\u180E',
  '\u3164',
  '\u115F',
  '\u1160',
  '\uFFA0',
  '\u2800',
  '\u034F',
  '\u00AD',
  '\u17B4',
  '\uFE0F',
  '\u{E0041}',
  '\u{1D173}',
  '\u2028',
  '\u0000',
  '\n',
]
const INVISIBLE = [
  ...INVISIBLE_CHARS.map((c) => `Meta${c}Mask`),
  `USDC${INVISIBLE_CHARS.join('')}`,
  `\u{E0001}\u{E0055}\u{E0053}\u{E0044}\u{E0043}\u{E007F}`,
  `Z${'\u0336\u0337\u0338\u0489\u030D\u0301'.repeat(20)}algo`,
  '\u3164'.repeat(40),
]

const LONG_WORD = 'W'.repeat(10_000)
const OVERLONG = [
  LONG_WORD,
  'a'.repeat(10_000),
  'Wide '.repeat(2_000),
  '\u{1F4B0}'.repeat(2_000),
  '\uFDFD'.repeat(500),
  '\u{12219}'.repeat(500),
  `https://127.0.0.1/${'x'.repeat(5_000)}`,
  '1'.repeat(400),
  `${'9'.repeat(80)}.${'9'.repeat(80)}`,
  '\n'.repeat(500),
  ' '.repeat(1_000),
  `-${'_'.repeat(3_000)}-`,
  `${'\u0E14\u0E4D\u0E49'.repeat(300)}`,
  `${'A\u0301'.repeat(2_000)}`,
  `${'漢'.repeat(3_000)}`,
]

const CONFUSABLE = [
  'MetaMаsk',
  'MеtaMask',
  'USDС',
  'UЅDC',
  'ΕΤΗ',
  'ЕТН',
  '𝐔𝐒𝐃𝐂',
  'ＵＳＤＣ',
  'Ⅽoinbase Wallet',
  'Coinbase Wa1let',
  'Rainbοw',
  'vitalik.eth\u0435',
  'vitаlik.eth',
  'xn--metamsk-9gb',
  'W\u0338ETH',
  'Ledger Live\u2024',
  'D\u0435vnet',
  '0x1234\u20265678',
  'Uniswap Interface',
  'Tether USD ₮',
  'ЕTH',
]

const PROTOTYPE = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  '__defineGetter__',
  '__lookupGetter__',
  'then',
  'toJSON',
  'length',
  '[object Object]',
  'undefined',
  'null',
  'NaN',
  'Infinity',
]

const SOURCES: Record<Family, readonly string[]> = {
  script: SCRIPT,
  markup: MARKUP,
  url: URLS,
  bidi: BIDI,
  invisible: INVISIBLE,
  overlong: OVERLONG,
  confusable: CONFUSABLE,
  prototype: PROTOTYPE,
}

/** The families in a fixed order. */
export const FAMILIES = Object.keys(SOURCES) as Family[]

/** Every payload, family by family, each text once. */
export const PAYLOADS: readonly Payload[] = FAMILIES.flatMap((family) =>
  SOURCES[family].map((text, n) => ({ id: `${family}/${n + 1}`, family, text })),
)

/** The keys a parsed answer may carry to reach `Object.prototype` (added beside each field). */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'] as const

/**
 * The payloads a surface meets: all of them at full count, else `perFamily` of each family,
 * chosen by rotation so that each surface (its index `turn`) meets other ones.
 */
export function payloadsFor(turn: number, full: boolean, perFamily = 2): Payload[] {
  if (full) return [...PAYLOADS]
  return FAMILIES.flatMap((family) => {
    const own = PAYLOADS.filter((p) => p.family === family)
    return Array.from(
      { length: perFamily },
      (_, k) => own[(turn * perFamily + k) % own.length] as Payload,
    )
  })
}

/** `list` cut in batches of `size`. */
export function batches<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size))
  return out
}
