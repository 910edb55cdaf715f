import MagicString from 'magic-string'
import { type Plugin, parseSync } from 'vite'

type Node = { type: string; start: number; end: number; [key: string]: unknown }

/**
 * A module the kit loads with `require()` (a feature's code, on its first use) gets from the
 * bundler a namespace object of all its exports, `var x_exports = __exportAll({ a: () => a, b: () =>
 * b })`, which the loader reads as `(init_x(), __toCommonJS(x_exports)).a`. An export that only the
 * tests import (a service's parser, say) is an entry of that object all the same, and keeps its
 * name in the file.
 *
 * Here an entry goes when no read of its namespace names it, and only when every reference to the
 * namespace is such a read, `__toCommonJS(ns).key` with a written key, or the return of a loader
 * (`function load() { return init_x(), __toCommonJS(ns) }`) whose every reference is a call read
 * so: then nothing else can reach the object, and `__toCommonJS` copies it into a new one that only
 * those reads see. A namespace referenced any other way (`import()`'s `.then(() => x_exports)`, a
 * computed key, a loader kept as a value or whose result is kept, a binding of the same name
 * anywhere) keeps every entry, as does every namespace when `__toCommonJS` or `__exportAll` is
 * bound anywhere but in the runtime.
 */
export function dropUnreadExports(code: string): {
  code: string
  map: ReturnType<MagicString['generateMap']>
  dropped: string[]
} {
  const { program, errors } = parseSync('chunk.js', code)
  if (errors.length) throw new Error(`the chunk does not parse: ${errors[0]?.message}`)
  const namespaces = new Map<string, { object: Node; declarator: Node }>()
  const references = new Map<string, { node: Node; parents: Node[] }[]>()

  const visit = (node: unknown, parents: Node[]): void => {
    if (!node || typeof node !== 'object') return
    if (Array.isArray(node)) {
      for (const child of node) visit(child, parents)
      return
    }
    const n = node as Node
    if (typeof n.type !== 'string') return
    if (n.type === 'Identifier') {
      const name = n.name as string
      const list = references.get(name) ?? []
      list.push({ node: n, parents })
      references.set(name, list)
      return
    }
    if (n.type === 'VariableDeclarator') {
      const id = n.id as Node
      const init = n.init as Node | null
      const callee = init?.callee as Node | undefined
      const args = (init?.arguments ?? []) as Node[]
      if (
        id.type === 'Identifier' &&
        init?.type === 'CallExpression' &&
        callee?.type === 'Identifier' &&
        callee.name === '__exportAll' &&
        args.length === 1 &&
        args[0]?.type === 'ObjectExpression'
      )
        namespaces.set(id.name as string, { object: args[0], declarator: n })
    }
    const next = [...parents, n]
    for (const key in n) if (key !== 'type') visit(n[key], next)
  }
  visit(program, [])

  // The runtime's helpers, bound once each (their declaration) and otherwise only called.
  const onlyCalled = (name: string) => {
    const uses = references.get(name) ?? []
    const bound = uses.filter(({ node, parents }) => {
      const parent = parents[parents.length - 1]
      return !(parent?.type === 'CallExpression' && parent.callee === node)
    })
    return bound.length === 1
  }
  const dropped: string[] = []
  const out = new MagicString(code)
  if (!onlyCalled('__toCommonJS') || !onlyCalled('__exportAll'))
    return { code, map: out.generateMap({ hires: true }), dropped }

  /**
   * The keys read of the value of `node`, the last of `parents`' chain: `node.key` with a written
   * key, or the returned value of a loader, `function load() { return init_x(), __toCommonJS(ns) }`,
   * whose every reference is a call read so. Undefined when the value is used any other way.
   */
  const keysRead = (node: Node, parents: Node[]): Set<string> | undefined => {
    let child = node
    let i = parents.length - 1
    for (; i >= 0; i--) {
      const parent = parents[i] as Node
      const inSequenceLast =
        parent.type === 'SequenceExpression' && (parent.expressions as Node[]).at(-1) === child
      if (parent.type !== 'ParenthesizedExpression' && !inSequenceLast) break
      child = parent
    }
    const parent = parents[i]
    const property = parent?.property as Node | undefined
    if (
      parent?.type === 'MemberExpression' &&
      parent.object === child &&
      parent.computed === false &&
      property?.type === 'Identifier'
    )
      return new Set([property.name as string])
    // A loader: the only statement of a function declaration, returning the value.
    const body = parents[i - 1]
    const loader = parents[i - 2]
    const id = loader?.id as Node | undefined
    if (
      parent?.type !== 'ReturnStatement' ||
      body?.type !== 'BlockStatement' ||
      (body.body as Node[]).length !== 1 ||
      loader?.type !== 'FunctionDeclaration' ||
      (loader.params as Node[]).length !== 0 ||
      id?.type !== 'Identifier'
    )
      return undefined
    const keys = new Set<string>()
    for (const use of references.get(id.name as string) ?? []) {
      if (use.node === id) continue
      const call = use.parents[use.parents.length - 1]
      if (call?.type !== 'CallExpression' || call.callee !== use.node) return undefined
      if ((call.arguments as Node[]).length !== 0) return undefined
      const read = keysRead(call, use.parents.slice(0, -1))
      if (!read) return undefined
      for (const key of read) keys.add(key)
    }
    return keys
  }

  /** The keys read of the namespace at `node`, a reference to it, or undefined when it is used otherwise. */
  const readKeys = (node: Node, parents: Node[]): Set<string> | undefined => {
    const call = parents[parents.length - 1]
    if (
      call?.type !== 'CallExpression' ||
      (call.callee as Node).type !== 'Identifier' ||
      (call.callee as Node).name !== '__toCommonJS' ||
      (call.arguments as Node[]).length !== 1 ||
      (call.arguments as Node[])[0] !== node
    )
      return undefined
    return keysRead(call, parents.slice(0, -1))
  }

  for (const [name, { object, declarator }] of namespaces) {
    const keys = new Set<string>()
    let whole = false
    for (const { node, parents } of references.get(name) ?? []) {
      if (node === declarator.id) continue
      const read = readKeys(node, parents)
      if (read === undefined) whole = true
      else for (const key of read) keys.add(key)
    }
    if (whole || keys.size === 0) continue
    const properties = object.properties as Node[]
    const kept: Node[] = []
    for (const property of properties) {
      const key = property.key as Node
      const keyName =
        property.type === 'Property' && !property.computed
          ? key.type === 'Identifier'
            ? (key.name as string)
            : key.type === 'Literal' && typeof key.value === 'string'
              ? key.value
              : undefined
          : undefined
      if (keyName !== undefined && !keys.has(keyName)) dropped.push(`${name}.${keyName}`)
      else kept.push(property)
    }
    if (kept.length === properties.length) continue
    out.overwrite(
      object.start,
      object.end,
      `{ ${kept.map((property) => code.slice(property.start, property.end)).join(', ')} }`,
    )
  }
  return { code: out.toString(), map: out.generateMap({ hires: true }), dropped: dropped.sort() }
}

/** The build plugin: applies {@link dropUnreadExports} to each chunk before it is minified. */
export function unreadExportsDropped(): Plugin {
  return {
    name: 'walletkit:unread-exports-dropped',
    renderChunk(code) {
      if (!code.includes('__toCommonJS(')) return null
      const { code: out, map, dropped } = dropUnreadExports(code)
      if (dropped.length === 0)
        this.error('no unread export found: check the bundler runtime (vite.config.ts)')
      return { code: out, map }
    },
  }
}
