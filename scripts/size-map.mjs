// Where the bytes of cdn-dist/walletkit.js go, read from its source map: every stretch of the
// minified file is charged to the source its mapping names (code no source names, the bundler's
// module wrappers and runtime, is "(unmapped)"), then each part's code is gzipped alone. The parts
// add up to more than the whole file's gzip, which shares its dictionary across parts; compare
// a part between two builds, not the parts with the whole.
//
//   node scripts/size-map.mjs                 parts: a package, or a folder of src/ (default)
//   node scripts/size-map.mjs --by file       one row per source file
//   node scripts/size-map.mjs --top 40        only the 40 heaviest rows
//   node scripts/size-map.mjs --json          rows as JSON
//   node scripts/size-map.mjs --against old/walletkit.js   each part's change from another build
//                                                          (--min 1: also the renaming noise)
//   node scripts/size-map.mjs path/to/walletkit.js
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const DIGIT = new Map([...B64].map((c, i) => [c, i]))

/** Decodes one segment of a source map's `mappings` (base64 VLQ) into its numbers. */
export function decodeSegment(segment) {
  const out = []
  let value = 0
  let shift = 0
  for (const c of segment) {
    const digit = DIGIT.get(c)
    if (digit === undefined) throw new Error(`not a base64 VLQ digit: ${c}`)
    value += (digit & 31) << shift
    if (digit & 32) shift += 5
    else {
      out.push(value & 1 ? -(value >>> 1) : value >>> 1)
      value = 0
      shift = 0
    }
  }
  return out
}

/** The part a source belongs to: its package under node_modules, else its folder under src/. */
export function partOf(source, by = 'part') {
  const path = source.replaceAll('\\', '/')
  const nm = path.lastIndexOf('/node_modules/')
  if (nm >= 0) {
    const rest = path.slice(nm + '/node_modules/'.length).split('/')
    if (by === 'file') return rest.join('/')
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]
  }
  const src = path.indexOf('src/')
  if (src < 0) return path.replace(/^(\.\.\/)+/, '')
  const rest = path.slice(src).split('/')
  if (by === 'file') return rest.join('/')
  // src/<area>/<folder or file>: src/ui/views, src/core/swap, src/core/kit (a file), src/ui/App.
  return rest
    .slice(0, 3)
    .join('/')
    .replace(/\.tsx?$/, '')
}

/** Minified code per part: each generated stretch goes to the source of the segment it starts at. */
export function codeByPart(code, map, by = 'part') {
  const lines = code.split('\n')
  const rows = map.mappings.split(';')
  const parts = new Map()
  const add = (part, text) => {
    if (!text) return
    const list = parts.get(part)
    if (list) list.push(text)
    else parts.set(part, [text])
  }
  let sourceIndex = 0
  for (let l = 0; l < lines.length; l++) {
    const line = lines[l]
    const segments = (rows[l] ?? '').split(',').filter(Boolean)
    let column = 0
    let start = 0
    let owner = '(unmapped)'
    for (const segment of segments) {
      const fields = decodeSegment(segment)
      column += fields[0]
      add(owner, line.slice(start, column))
      start = column
      if (fields.length >= 4) {
        sourceIndex += fields[1]
        owner = partOf(map.sources[sourceIndex], by)
      } else owner = '(unmapped)'
    }
    add(owner, `${line.slice(start)}\n`)
  }
  return parts
}

/** Rows of [part, raw bytes, gzip bytes alone], heaviest first. */
export function sizeMap(code, map, by = 'part') {
  return [...codeByPart(code, map, by)]
    .map(([part, texts]) => {
      const text = Buffer.from(texts.join(''))
      return { part, raw: text.length, gzip: gzipSync(text, { level: 9 }).length }
    })
    .sort((a, b) => b.gzip - a.gzip || a.part.localeCompare(b.part))
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2)
  const option = (name) => {
    const at = args.indexOf(name)
    return at >= 0 ? args[at + 1] : undefined
  }
  const against = option('--against')
  const file = args.find((a) => a.endsWith('.js') && a !== against) ?? 'cdn-dist/walletkit.js'
  const by = option('--by') ?? 'part'
  const read = (path) => {
    const code = readFileSync(path, 'utf8')
    return { code, rows: sizeMap(code, JSON.parse(readFileSync(`${path}.map`, 'utf8')), by) }
  }
  const { code, rows } = read(file)
  const shown = rows.slice(0, Number(option('--top') ?? rows.length))
  if (args.includes('--json')) console.log(JSON.stringify(shown, null, 1))
  else if (against) {
    const old = read(against)
    const before = new Map(old.rows.map((r) => [r.part, r.gzip]))
    const after = new Map(rows.map((r) => [r.part, r.gzip]))
    const changes = [...new Set([...before.keys(), ...after.keys()])]
      .map((part) => ({ part, delta: (after.get(part) ?? 0) - (before.get(part) ?? 0) }))
      .sort((a, b) => a.delta - b.delta)
    // A few bytes either way is the minifier renaming variables across the whole file.
    const noise = Number(option('--min') ?? 16)
    for (const c of changes.filter((c) => Math.abs(c.delta) >= noise))
      console.log(`${String(c.delta).padStart(8)} B  ${c.part}`)
    const small = changes.filter((c) => c.delta !== 0 && Math.abs(c.delta) < noise)
    if (small.length)
      console.log(
        `(${small.length} more parts changed by less than ${noise} B: --min 1 lists them)`,
      )
    const whole = (text) => gzipSync(text, { level: 9 }).length
    console.log(
      `whole file: ${whole(code) - whole(old.code)} B gzip (${whole(old.code)} → ${whole(code)})`,
    )
  } else {
    const kb = (n) => (n / 1000).toFixed(1).padStart(6)
    const whole = gzipSync(code, { level: 9 }).length
    const sum = rows.reduce((s, r) => s + r.gzip, 0)
    console.log(`${'gzip KB'.padStart(7)} ${'raw KB'.padStart(7)}  part`)
    for (const r of shown) console.log(` ${kb(r.gzip)}  ${kb(r.raw)}  ${r.part}`)
    console.log(
      `parts gzipped alone add up to ${kb(sum).trim()} KB; the whole file is ${kb(whole).trim()} KB`,
    )
  }
}
