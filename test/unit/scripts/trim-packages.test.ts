// @vitest-environment node
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { runInNewContext } from 'node:vm'
import { parseSync } from 'vite'
import { expect, test } from 'vitest'
// @ts-expect-error: a plain .mjs script without types
import { decodeSegment } from '../../../scripts/size-map.mjs'
import { type FileCuts, functionSites, trimFile } from '../../../scripts/trim-packages.js'
import { WALLETCONNECT_CUTS } from '../../../scripts/walletconnect-cuts.js'

const SAMPLE = `class Engine {
  constructor(){
    this.approve=async(e,t)=>{return await this.send(e,t)};
    this.hashes=(r,x)=>x?[r]:[];
    this.off=e=>e+1;
  }
  send(e){return "sent "+e}
  async legacy(e){return e}
}
class Client { constructor(e){ this.engine=e; this.approve=async e=>this.engine.approve(e) } }
class Other { constructor(){ this.off=()=>"other" } }
exports.run = () => { const engine = new Engine(); return { engine, client: new Client(engine), other: new Other() } }
`

const sha = (code: string) => createHash('sha256').update(code).digest('hex')
const file = (cuts: FileCuts['cuts'], code = SAMPLE): FileCuts => ({
  file: '@scope/pkg/dist/index.js',
  sha256: sha(code),
  cuts,
})

/** Runs a trimmed sample and returns its objects. */
function run(code: string) {
  const exports: { run?: () => Record<string, Record<string, (...args: unknown[]) => unknown>> } =
    {}
  runInNewContext(code, { exports })
  return (exports.run as NonNullable<typeof exports.run>)()
}

test('default', async () => {
  const { code } = trimFile(
    SAMPLE,
    file([
      { name: 'approve', count: 2, why: 'wallet side' },
      { name: 'legacy', why: 'a method' },
      { name: 'hashes', returns: '[]', why: 'no result given' },
    ]),
  )
  const { engine, client, other } = run(code) as Record<
    string,
    Record<string, (...args: unknown[]) => Promise<unknown> | unknown>
  >
  await expect(client?.approve?.(1)).rejects.toThrowErrorMatchingInlineSnapshot(
    `[Error: WalletKit leaves out @scope/pkg approve()]`,
  )
  await expect(engine?.approve?.(1)).rejects.toThrow('WalletKit leaves out @scope/pkg approve()')
  await expect(engine?.legacy?.(1)).rejects.toThrow('WalletKit leaves out @scope/pkg legacy()')
  expect(engine?.hashes?.('0x1', 'result')).toEqual([])
  // What is not cut is as it was.
  expect(engine?.send?.(2)).toBe('sent 2')
  expect(engine?.off?.(1)).toBe(2)
  expect(other?.off?.()).toBe('other')
})

test('behavior: parameters and async stay as they were, and only bodies change', () => {
  const { code } = trimFile(
    SAMPLE,
    file([
      { name: 'approve', count: 2, why: '' },
      { name: 'hashes', returns: '[]', why: '' },
    ]),
  )
  expect(code).toContain('this.approve=async(e,t)=>{return __walletkitCut("approve")}')
  expect(code).toContain('this.approve=async e=>(__walletkitCut("approve"))')
  expect(code).toContain('this.hashes=(r,x)=>([])')
  expect(parseSync('out.js', code).errors).toEqual([])
})

test('behavior: `in` picks the class that also has the named function', () => {
  const { code } = trimFile(SAMPLE, file([{ name: 'off', in: 'send', returns: '0', why: '' }]))
  const { engine, other } = run(code)
  expect(engine?.off?.(1)).toBe(0)
  expect(other?.off?.()).toBe('other')
})

/** The original line and column the map gives for the start of generated line `line`. */
function origin(mappings: string, line: number): [number, number] {
  let [origLine, origCol] = [0, 0]
  const rows = mappings.split(';')
  for (let l = 0; l <= line; l++)
    for (const segment of (rows[l] ?? '').split(',').filter(Boolean)) {
      const fields = decodeSegment(segment)
      origLine += fields[2] ?? 0
      origCol += fields[3] ?? 0
      if (l === line) return [origLine, origCol]
    }
  return [-1, -1]
}

test('behavior: the source map points the unchanged code to where it was', () => {
  const { code, map } = trimFile(SAMPLE, file([{ name: 'legacy', why: '' }]))
  expect(map.sources).toEqual(['@scope/pkg/dist/index.js'])
  const lines = code.split('\n')
  const at = lines.findIndex((l) => l.includes('send(e){'))
  // One line more (the helper), same text, mapped to the original line.
  expect(lines[at]).toBe(SAMPLE.split('\n')[at - 1])
  expect(origin(map.mappings, at)[0]).toBe(at - 1)
})

test('error: a name found a different number of times fails, naming it', () => {
  expect(() =>
    trimFile(SAMPLE, file([{ name: 'approve', why: '' }])),
  ).toThrowErrorMatchingInlineSnapshot(
    `[Error: @scope/pkg/dist/index.js: 2 functions named approve, expected 1 (scripts/walletconnect-cuts.ts)]`,
  )
  expect(() => trimFile(SAMPLE, file([{ name: 'reject', why: '' }]))).toThrow(
    '0 functions named reject, expected 1',
  )
  expect(() => trimFile(SAMPLE, file([{ name: 'off', in: 'nothing', why: '' }]))).toThrow(
    '0 functions named off beside nothing, expected 1',
  )
})

test('error: a file other than the one reviewed fails, whatever its names', () => {
  const changed = SAMPLE.replace('"sent "', '"posted "')
  expect(() => trimFile(changed, file([{ name: 'legacy', why: '' }], SAMPLE))).toThrow(
    /@scope\/pkg\/dist\/index\.js is not the file its cuts were reviewed against \(sha256 [0-9a-f]{64}\)/,
  )
})

test('error: a module that does not parse fails', () => {
  expect(() => functionSites('this.a = (=> {}', 'broken.js')).toThrow('broken.js does not parse')
})

test.each(WALLETCONNECT_CUTS.map((f) => [f.file, f] as const))(
  'behavior: every cut of %s is found in the installed file, once per count',
  (path, cuts) => {
    const code = readFileSync(join(process.cwd(), 'node_modules', path), 'utf8')
    const { code: trimmed } = trimFile(code, cuts)
    expect(parseSync(path, trimmed).errors).toEqual([])
    for (const cut of cuts.cuts) expect(cut.why.length, cut.name).toBeGreaterThan(0)
    // A name cut twice in one file would stub what the first entry left.
    const names = cuts.cuts.map((c) => `${c.name} ${c.in ?? ''}`)
    expect(new Set(names).size).toBe(names.length)
  },
)
