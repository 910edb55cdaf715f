import { createHash } from 'node:crypto'
import MagicString from 'magic-string'
import { type Plugin, parseSync } from 'vite'

/**
 * One function of a package file that the kit never runs, replaced at build time by a stub.
 * `name` is the property or method name as the published file spells it (names survive the
 * package's minifier; local variable names do not).
 */
export type Cut = {
  name: string
  /**
   * What the function returns instead (an expression, e.g. `[]`); without it, the function throws
   * an error that names it. The parameters and `async` stay as they were.
   */
  returns?: string
  /** How many functions of the file have that name, all replaced (default 1). */
  count?: number
  /** Only in the class that also has a function of this name (for names several classes use). */
  in?: string
  /** Why the kit never runs it, or why the replacement returns what the original returns. */
  why: string
}

/** The cuts of one published file, reviewed against that exact file (its sha256). */
export type FileCuts = {
  /** The file's path below `node_modules/`, e.g. `@walletconnect/sign-client/dist/index.js`. */
  file: string
  sha256: string
  cuts: Cut[]
}

/** Where a cut's name was found: the body of the function, which gets replaced, and its class. */
type Site = { start: number; end: number; block: boolean; owner: number }

type Node = { type: string; start: number; end: number; [key: string]: unknown }

/** What a stub calls: the same error for every function left out, naming it. */
const CUT_HELPER = '__walletkitCut'
const helper = (file: string) =>
  `function ${CUT_HELPER}(n){throw new Error("WalletKit leaves out ${file.split('/dist/')[0]} "+n+"()")}\n`

function isFunction(node: unknown): node is Node & { body: Node } {
  const type = (node as Node | null)?.type
  return type === 'ArrowFunctionExpression' || type === 'FunctionExpression'
}

function keyName(node: Node, computed: unknown): string | undefined {
  if (computed) return undefined
  if (node.type === 'Identifier') return node.name as string
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value
  return undefined
}

/**
 * Every named function of a module a cut can name: `this.name = function` (class fields after the
 * package's compiler), `name = function` class fields, and `name() {}` methods.
 */
export function functionSites(code: string, filename = 'module.js'): Map<string, Site[]> {
  const { program, errors } = parseSync(filename, code)
  if (errors.length) throw new Error(`${filename} does not parse: ${errors[0]?.message}`)
  const sites = new Map<string, Site[]>()
  let owner = -1
  const add = (name: string | undefined, fn: Node & { body: Node }) => {
    if (!name) return
    const { start, end, type } = fn.body
    const site = { start, end, block: type === 'BlockStatement', owner }
    sites.set(name, [...(sites.get(name) ?? []), site])
  }
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return
    if (Array.isArray(node)) {
      for (const child of node) visit(child)
      return
    }
    const n = node as Node
    if (typeof n.type !== 'string') return
    if (n.type === 'AssignmentExpression' && isFunction(n.right)) {
      const left = n.left as Node
      if (left.type === 'MemberExpression' && (left.object as Node).type === 'ThisExpression')
        add(keyName(left.property as Node, left.computed), n.right)
    } else if (
      (n.type === 'PropertyDefinition' || n.type === 'MethodDefinition') &&
      isFunction(n.value) &&
      n.kind !== 'constructor' &&
      n.kind !== 'get' &&
      n.kind !== 'set'
    )
      add(keyName(n.key as Node, n.computed), n.value)
    const outer = owner
    if (n.type === 'ClassDeclaration' || n.type === 'ClassExpression') owner = n.start
    for (const key in n) if (key !== 'type') visit(n[key])
    owner = outer
  }
  visit(program)
  return sites
}

/**
 * Replaces each cut of `file` in `code` and returns the new code with its source map. Throws,
 * naming what changed, when the file is not the reviewed one or a name is not found exactly once,
 * so that a package upgrade cannot silently change what is left out.
 */
export function trimFile(
  code: string,
  file: FileCuts,
): { code: string; map: ReturnType<MagicString['generateMap']> } {
  const sha256 = createHash('sha256').update(code).digest('hex')
  if (sha256 !== file.sha256)
    throw new Error(
      `${file.file} is not the file its cuts were reviewed against (sha256 ${sha256}): review the cuts in scripts/walletconnect-cuts.ts for this version, then update the sha256`,
    )
  const sites = functionSites(code, file.file)
  const out = new MagicString(code)
  for (const cut of file.cuts) {
    const classes = cut.in && new Set((sites.get(cut.in) ?? []).map((site) => site.owner))
    const found = (sites.get(cut.name) ?? []).filter((site) => !classes || classes.has(site.owner))
    if (found.length !== (cut.count ?? 1))
      throw new Error(
        `${file.file}: ${found.length} functions named ${cut.name}${cut.in ? ` beside ${cut.in}` : ''}, expected ${cut.count ?? 1} (scripts/walletconnect-cuts.ts)`,
      )
    const value = cut.returns ?? `${CUT_HELPER}(${JSON.stringify(cut.name)})`
    for (const site of found)
      out.overwrite(site.start, site.end, site.block ? `{return ${value}}` : `(${value})`)
  }
  out.prepend(helper(file.file))
  return { code: out.toString(), map: out.generateMap({ hires: true, source: file.file }) }
}

/** The build plugin: applies each file's cuts, and fails the build when a file has none applied. */
export function trimPackages(files: FileCuts[]): Plugin {
  const byFile = new Map(files.map((f) => [f.file, f]))
  const applied = new Set<string>()
  return {
    name: 'walletkit:trim-packages',
    enforce: 'pre',
    transform(code, id) {
      const path = id.replaceAll('\\', '/')
      const at = path.lastIndexOf('/node_modules/')
      const file = at >= 0 ? byFile.get(path.slice(at + '/node_modules/'.length)) : undefined
      if (!file) return null
      try {
        const result = trimFile(code, file)
        applied.add(file.file)
        return result
      } catch (error) {
        this.error((error as Error).message)
      }
    },
    buildEnd(error) {
      if (error) return
      const missed = files.filter((f) => !applied.has(f.file)).map((f) => f.file)
      if (missed.length) this.error(`cuts for files the build never loaded: ${missed.join(', ')}`)
    },
  }
}
