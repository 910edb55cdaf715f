// @vitest-environment node
import { readFileSync } from 'node:fs'
import { gunzipSync } from 'node:zlib'
import { ens_normalize } from '@adraffy/ens-normalize'
import { beforeAll, describe, expect, test } from 'vitest'
import { buildEnsip15Pack } from '../../../../scripts/ensip15-pack.mjs'
import { type EnsNameProblem, InvalidEnsNameError } from '../../../../src/core/errors/names.js'
import { normalizeEnsName, normalizeSimpleName } from '../../../../src/core/names/ensip15.js'
import { decodeEnsip15Pack, type Ensip15Tables } from '../../../../src/core/names/ensip15-tables.js'

type Vector = { name: string; norm?: string; error?: true; comment?: string }
const VECTORS_URL = new URL('../../../fixtures/ensip15/tests.json.gz', import.meta.url)
const [versions, ...vectors] = JSON.parse(
  gunzipSync(readFileSync(VECTORS_URL)).toString('utf8'),
) as [{ version: string; unicode: string }, ...Vector[]]

let tables: Ensip15Tables
let source: string
beforeAll(async () => {
  const pack = await buildEnsip15Pack()
  source = pack.version
  tables = decodeEnsip15Pack(JSON.parse(pack.json))
}, 120_000)

/** The kind of the reference implementation's refusal, from its message. */
function referenceProblem(name: string): EnsNameProblem | undefined {
  try {
    ens_normalize(name)
    return undefined
  } catch (error) {
    const message = (error as Error).message.replace(/^Invalid label .*?: /s, '')
    const kinds: [RegExp, EnsNameProblem][] = [
      [/^disallowed character/, 'disallowed'],
      [/^empty label/, 'empty-label'],
      [/^underscore/, 'underscore'],
      [/^invalid label extension/, 'hyphens'],
      [/^illegal placement: (leading combining mark|emoji \+ combining mark)/, 'combining-mark'],
      [/^illegal placement/, 'fenced'],
      [/^illegal mixture/, 'mixed-scripts'],
      [/^(duplicate|excessive) non-spacing marks/, 'marks'],
      [/^whole-script confusable/, 'confusable'],
    ]
    const kind = kinds.find(([pattern]) => pattern.test(message))?.[1]
    if (!kind) throw new Error(`unknown refusal: ${message}`)
    return kind
  }
}

function problemOf(run: () => unknown): EnsNameProblem | undefined {
  try {
    run()
    return undefined
  } catch (error) {
    if (error instanceof InvalidEnsNameError) return error.problem
    throw error
  }
}

test('default: the pack and the vectors are the same version of ENSIP-15', () => {
  expect(source).toBe(versions.version)
  expect(vectors.length).toBeGreaterThan(38_000)
  expect(normalizeEnsName('Vitalik.eth', tables)).toBe('vitalik.eth')
})

describe('ENSIP-15 validation tests', () => {
  test('behavior: every vector normalises to its expected name, or is refused', () => {
    const wrong: string[] = []
    for (const vector of vectors) {
      let got: string
      try {
        got = normalizeEnsName(vector.name, tables)
      } catch (error) {
        if (!(error instanceof InvalidEnsNameError)) throw error
        if (!vector.error) wrong.push(`${JSON.stringify(vector)}: refused (${error.problem})`)
        continue
      }
      if (vector.error) wrong.push(`${JSON.stringify(vector)}: accepted as ${JSON.stringify(got)}`)
      else if (got !== (vector.norm ?? vector.name))
        wrong.push(`${JSON.stringify(vector)}: ${JSON.stringify(got)}`)
    }
    expect(wrong.slice(0, 20)).toEqual([])
  })

  test('behavior: each refused vector is refused for the reason the reference gives', () => {
    const wrong: string[] = []
    const counts: Partial<Record<EnsNameProblem, number>> = {}
    for (const vector of vectors.filter((v) => v.error)) {
      const expected = referenceProblem(vector.name)
      const got = problemOf(() => normalizeEnsName(vector.name, tables))
      if (got) counts[got] = (counts[got] ?? 0) + 1
      if (got !== expected) wrong.push(`${JSON.stringify(vector.name)}: ${got} ≠ ${expected}`)
    }
    expect(wrong.slice(0, 20)).toEqual([])
    // Every kind of refusal is among the vectors.
    expect(Object.keys(counts).sort()).toEqual(
      [
        'combining-mark',
        'confusable',
        'disallowed',
        'empty-label',
        'fenced',
        'hyphens',
        'marks',
        'mixed-scripts',
        'underscore',
      ].sort(),
    )
  })
})

describe('the reasons a visitor reads', () => {
  test('behavior: mixed scripts name both, a confusable its look-alike group, a character its code', () => {
    const error = (name: string) => {
      try {
        normalizeEnsName(name, tables)
      } catch (e) {
        return e as InvalidEnsNameError
      }
      throw new Error(`${name} was accepted`)
    }
    expect(error('аpple.eth')).toMatchObject({
      problem: 'mixed-scripts',
      subject: 'Cyrillic + Latin',
    })
    expect(error('аррӏе.eth')).toMatchObject({ problem: 'confusable', subject: 'Cyrillic / Latin' })
    expect(error('a@b.eth')).toMatchObject({ problem: 'disallowed', subject: '“@” U+0040' })
    expect(error('a\u200cb.eth')).toMatchObject({
      problem: 'disallowed',
      subject: '“\u200c” U+200C',
    })
    expect(error('a..eth').problem).toBe('empty-label')
    expect(error('ab--c.eth')).toMatchObject({ problem: 'hyphens', subject: 'ab--' })
  })

  test('behavior: markup, controls and bidi marks never reach a normalised name (SECURITY.md row 7)', () => {
    for (const c of [
      '<',
      '>',
      '"',
      '&',
      '/',
      '\u0000',
      '\u001b',
      '\u202e',
      '\u2066',
      '\u200e',
      '\u200b',
    ]) {
      let out: string | undefined
      try {
        out = normalizeEnsName(`a${c}b.eth`, tables)
      } catch (error) {
        expect(error, JSON.stringify(c)).toBeInstanceOf(InvalidEnsNameError)
      }
      // Refused, or dropped as ignorable (zero-width space); never kept.
      if (out !== undefined) expect(out, JSON.stringify(c)).toBe('ab.eth')
    }
  })

  test('behavior: upper case, accents and emoji', () => {
    expect(normalizeEnsName('ZOË.reown.id', tables)).toBe('zoë.reown.id')
    // FE0F (emoji presentation) is dropped; an unqualified emoji is the same name.
    expect(normalizeEnsName('❤️love.eth', tables)).toBe('❤love.eth')
    expect(normalizeEnsName('❤love.eth', tables)).toBe('❤love.eth')
    expect(normalizeEnsName('🦊Fox.reown.id', tables)).toBe('🦊fox.reown.id')
  })
})

describe('the simple alphabet (no pack)', () => {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-.'
  test('behavior: equals ENSIP-15 on random names of a–z, A–Z, 0–9, hyphen and dot', () => {
    let seed = 11
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed
    }
    for (let i = 0; i < 3000; i++) {
      const length = 1 + (random() % 12)
      // Hyphens and dots often, so `--` and empty labels come up.
      const name = Array.from({ length }, () =>
        random() % 4 === 0 ? '-.'[random() % 2] : alphabet[random() % alphabet.length],
      ).join('')
      const simple = (() => {
        try {
          return normalizeSimpleName(name)
        } catch (error) {
          return (error as InvalidEnsNameError).problem
        }
      })()
      const full = (() => {
        try {
          return normalizeEnsName(name, tables)
        } catch (error) {
          return (error as InvalidEnsNameError).problem
        }
      })()
      expect(simple, name).toBe(full)
    }
  })

  test('behavior: anything else is left to the pack', () => {
    for (const name of ['zoë.eth', 'a_b.eth', '$.eth', '🦊.eth', 'a b.eth', 'ａ.eth'])
      expect(normalizeSimpleName(name), name).toBeUndefined()
  })
})

describe('the pack', () => {
  test('error: a pack of another format or shape is refused whole', () => {
    expect(() => decodeEnsip15Pack({ format: 2 })).toThrow()
    expect(() => decodeEnsip15Pack(null)).toThrow()
    expect(() => decodeEnsip15Pack([])).toThrow()
    expect(() => decodeEnsip15Pack({ format: 1, groups: 'x' })).toThrow()
  })
})
