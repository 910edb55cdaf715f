import MagicString from 'magic-string'
import { type Plugin, parseSync } from 'vite'

/**
 * The bundler sets up each module of a lazily loaded graph in an init function made by its runtime's
 * `__esmMin(fn)`, which runs `fn` on the first call only, and each init first calls the inits of
 * the module's imports. A module with nothing to run at its top level (only functions, types,
 * re-exports) still gets one, `var init_x = __esmMin(() => {})`, and a call in every importer.
 *
 * Calling such an init does nothing: it runs an empty function once, which cannot throw. So the
 * inits whose body is empty, or only calls inits of that kind, are dropped with their calls:
 * the same modules run, in the same order, at the same moment.
 */
export function dropEmptyInits(code: string): {
  code: string
  map: ReturnType<MagicString['generateMap']>
  dropped: string[]
} {
  const { program, errors } = parseSync('chunk.js', code)
  if (errors.length) throw new Error(`the chunk does not parse: ${errors[0]?.message}`)
  type Node = { type: string; start: number; end: number; [key: string]: unknown }
  const inits = new Map<string, { declarator: Node; declaration: Node; body: Node[] }>()
  const calls = new Map<string, { call: Node; parent: Node; key: string }[]>()
  const others = new Map<string, number>()
  const isInitCall = (node: Node): node is Node & { callee: Node & { name: string } } =>
    node.type === 'CallExpression' &&
    (node.arguments as Node[]).length === 0 &&
    (node.callee as Node).type === 'Identifier'

  const visit = (
    node: unknown,
    parent: Node | undefined,
    key: string,
    declaration?: Node,
  ): void => {
    if (!node || typeof node !== 'object') return
    if (Array.isArray(node)) {
      for (const child of node) visit(child, parent, key, declaration)
      return
    }
    const n = node as Node
    if (typeof n.type !== 'string') return
    if (n.type === 'VariableDeclarator') {
      const id = n.id as Node & { name?: string }
      const init = n.init as
        | (Node & { callee?: Node & { name?: string }; arguments?: Node[] })
        | null
      let fn = init?.arguments?.[0] as (Node & { body: Node & { body?: Node[] } }) | undefined
      // The runtime writes `__esmMin((() => {...}))`: the parser keeps the parentheses.
      while (fn?.type === 'ParenthesizedExpression') fn = fn.expression as typeof fn
      if (
        id.type === 'Identifier' &&
        init?.type === 'CallExpression' &&
        init.callee?.type === 'Identifier' &&
        init.callee.name === '__esmMin' &&
        init.arguments?.length === 1 &&
        fn?.type === 'ArrowFunctionExpression' &&
        fn.body.type === 'BlockStatement' &&
        declaration
      ) {
        inits.set(id.name as string, { declarator: n, declaration, body: fn.body.body ?? [] })
        visit(fn.body, n, 'init')
        return
      }
    }
    if (isInitCall(n)) {
      const name = n.callee.name
      const list = calls.get(name) ?? []
      list.push({ call: n, parent: parent as Node, key })
      calls.set(name, list)
      return
    }
    if (n.type === 'Identifier')
      others.set(n.name as string, (others.get(n.name as string) ?? 0) + 1)
    for (const k in n)
      if (k !== 'type') visit(n[k], n, k, n.type === 'VariableDeclaration' ? n : declaration)
  }
  visit(program, undefined, 'body')

  // Empty: a body of nothing but calls to empty inits. Found by growing the set to a fixed point.
  const empty = new Set<string>()
  const onlyCalls = (statement: Node): boolean => {
    if (statement.type !== 'ExpressionStatement') return false
    const expression = statement.expression as Node
    const parts =
      expression.type === 'SequenceExpression' ? (expression.expressions as Node[]) : [expression]
    return parts.every((part) => isInitCall(part) && empty.has(part.callee.name))
  }
  for (let grew = true; grew; ) {
    grew = false
    for (const [name, { body }] of inits)
      if (!empty.has(name) && !others.has(name) && body.every(onlyCalls)) {
        empty.add(name)
        grew = true
      }
  }

  // The edits, outermost first; a call inside a dropped init goes with it.
  const edits: { start: number; end: number; text: string }[] = []
  for (const name of empty) {
    const { declarator, declaration } = inits.get(name) as NonNullable<ReturnType<typeof inits.get>>
    if ((declaration.declarations as Node[]).length === 1)
      edits.push({ start: declaration.start, end: declaration.end, text: '' })
    else edits.push({ start: declarator.start, end: declarator.end, text: `${name} = void 0` })
    for (const { call, parent } of calls.get(name) ?? [])
      edits.push(
        parent.type === 'ExpressionStatement'
          ? { start: parent.start, end: parent.end, text: '' }
          : { start: call.start, end: call.end, text: 'void 0' },
      )
  }
  edits.sort((x, y) => x.start - y.start || y.end - x.end)
  const out = new MagicString(code)
  let reach = -1
  for (const { start, end, text } of edits) {
    if (end <= reach) continue
    if (text) out.overwrite(start, end, text)
    else out.remove(start, end)
    reach = end
  }
  return {
    code: out.toString(),
    map: out.generateMap({ hires: true }),
    dropped: [...empty].sort(),
  }
}

/** The build plugin: applies {@link dropEmptyInits} to each chunk before it is minified. */
export function emptyInitsDropped(): Plugin {
  return {
    name: 'walletkit:empty-inits-dropped',
    renderChunk(code) {
      if (!code.includes('__esmMin')) return null
      const { code: out, map, dropped } = dropEmptyInits(code)
      if (dropped.length === 0)
        this.error('no empty module init found: check the bundler runtime (vite.config.ts)')
      return { code: out, map }
    },
  }
}
