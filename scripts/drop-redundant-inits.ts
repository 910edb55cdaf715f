import MagicString from 'magic-string'
import { type Plugin, parseSync } from 'vite'

type Node = { type: string; start: number; end: number; [key: string]: unknown }
type InitCall = Node & { callee: Node & { name: string } }

/**
 * The bundler sets up each module of a lazily loaded graph in an init function made by its
 * runtime's `__esmMin(fn)`: the first call runs `fn`, any later call returns at once (while `fn`
 * still runs, too), and after a throw every call throws the same error again. An init first calls
 * the inits of its module's imports, as statements at the top of its body: its list.
 *
 * A call in a list is dropped when an earlier call of the same list, `init_y()`, has already run
 * it: `init_y` calls it through lists alone (or is it). That holds when `init_y()` returns, unless
 * some init was still running: the one calling `init_y` itself (then `init_y()` returns at once),
 * or one `init_y` leads to (then that one has not yet reached its list). So the earlier call counts
 * only if neither can happen. An init runs under another one through lists, or through code that
 * calls an init elsewhere than in a list (`require()` of a lazy module, an init passed as a value):
 * any running init may run such code, so those inits, the entries, are reachable from every init.
 * Hence `init_y` counts when it is on no cycle of that graph: then neither can happen (the init
 * calling `init_y` is reached from `init_y` only through a cycle). A repeated call of the same
 * list is always dropped:
 * once `init_y()` has returned, `init_y` has started and not thrown. Calls made at the chunk's top
 * level, outside any function, run when no init runs, and are no entries.
 *
 * The dropped call would have found its init already run: the same modules run, in the same order,
 * with the same errors.
 */
export function dropRedundantInits(code: string): {
  code: string
  map: ReturnType<MagicString['generateMap']>
  dropped: number
} {
  const { program, errors } = parseSync('chunk.js', code)
  if (errors.length) throw new Error(`the chunk does not parse: ${errors[0]?.message}`)
  const lists = new Map<string, { call: InitCall; statement: Node }[]>()
  const elsewhere: { name: string; topLevel: boolean }[] = []
  const isInitCall = (node: Node): node is InitCall =>
    node.type === 'CallExpression' &&
    (node.arguments as Node[]).length === 0 &&
    (node.callee as Node).type === 'Identifier'
  const partsOf = (statement: Node): Node[] | undefined => {
    if (statement.type !== 'ExpressionStatement') return undefined
    const expression = statement.expression as Node
    const parts =
      expression.type === 'SequenceExpression' ? (expression.expressions as Node[]) : [expression]
    return parts.every(isInitCall) ? parts : undefined
  }
  const initFunction = (declarator: Node): (Node & { body: Node }) | undefined => {
    const init = declarator.init as (Node & { callee: Node; arguments: Node[] }) | null
    if ((declarator.id as Node).type !== 'Identifier' || init?.type !== 'CallExpression') return
    if ((init.callee as Node & { name?: string }).name !== '__esmMin') return
    let fn = init.arguments[0] as Node & { body: Node }
    // The runtime writes `__esmMin((() => {...}))`: the parser keeps the parentheses.
    while (fn?.type === 'ParenthesizedExpression') fn = fn.expression as typeof fn
    return init.arguments.length === 1 &&
      fn.type === 'ArrowFunctionExpression' &&
      fn.body.type === 'BlockStatement'
      ? fn
      : undefined
  }

  // `depth`: functions around the node, the chunk's own wrapper `(function() {...})()` not counted.
  const visit = (node: unknown, depth: number): void => {
    if (!node || typeof node !== 'object') return
    if (Array.isArray(node)) {
      for (const child of node) visit(child, depth)
      return
    }
    const n = node as Node
    if (typeof n.type !== 'string') return
    if (n.type === 'VariableDeclarator') {
      const fn = initFunction(n)
      if (fn) {
        const list: { call: InitCall; statement: Node }[] = []
        lists.set((n.id as Node & { name: string }).name, list)
        for (const statement of (fn.body as Node & { body: Node[] }).body) {
          const parts = partsOf(statement)
          if (parts) for (const call of parts) list.push({ call: call as InitCall, statement })
          else visit(statement, depth + 1)
        }
        return
      }
    }
    if (isMicrotask(n)) {
      // Its callback runs from the microtask queue: with nothing on the stack, like the top level.
      let callback = (n.arguments as Node[])[0] as Node
      while (callback.type === 'ParenthesizedExpression') callback = callback.expression as Node
      visit(callback.params, depth + 1)
      visit(callback.body, 0)
      for (const argument of (n.arguments as Node[]).slice(1)) visit(argument, depth)
      return
    }
    if (n.type === 'Identifier') elsewhere.push({ name: n.name as string, topLevel: depth === 0 })
    const inner =
      n.type === 'FunctionExpression' ||
      n.type === 'FunctionDeclaration' ||
      n.type === 'ArrowFunctionExpression' ||
      n.type === 'ClassBody'
    for (const k in n) if (k !== 'type') visit(n[k], depth + (inner ? 1 : 0))
  }
  visit(wrapperBody(program as unknown as Node) ?? program, 0)
  const entries = new Set(
    elsewhere.filter(({ name, topLevel }) => !topLevel && lists.has(name)).map(({ name }) => name),
  )

  const reached = new Map<string, Set<string>>()
  /** The inits `name` runs through lists, with the entries when `withEntries`. */
  const reach = (name: string, withEntries: boolean): Set<string> => {
    const key = `${withEntries}:${name}`
    const known = reached.get(key)
    if (known) return known
    const seen = new Set<string>()
    const stack = [name, ...(withEntries ? entries : [])]
    if (withEntries) for (const entry of entries) seen.add(entry)
    while (stack.length) {
      const next = stack.pop() as string
      for (const { call } of lists.get(next) ?? [])
        if (!seen.has(call.callee.name)) {
          seen.add(call.callee.name)
          stack.push(call.callee.name)
        }
    }
    reached.set(key, seen)
    return seen
  }

  const drop: { call: InitCall; statement: Node }[] = []
  for (const list of lists.values()) {
    const run = new Set<string>()
    for (const item of list) {
      const name = item.call.callee.name
      if (run.has(name) && lists.has(name)) {
        drop.push(item)
        continue
      }
      if (!lists.has(name)) continue
      run.add(name)
      const around = reach(name, true)
      if (!around.has(name)) for (const ran of reach(name, false)) run.add(ran)
    }
  }

  // A statement whose calls all go is removed whole; otherwise each dropped call becomes `void 0`.
  const out = new MagicString(code)
  const byStatement = new Map<Node, InitCall[]>()
  for (const { call, statement } of drop)
    byStatement.set(statement, [...(byStatement.get(statement) ?? []), call])
  for (const [statement, calls] of byStatement) {
    if (calls.length === (partsOf(statement) as Node[]).length)
      out.remove(statement.start, statement.end)
    else for (const call of calls) out.overwrite(call.start, call.end, 'void 0')
  }
  return { code: out.toString(), map: out.generateMap({ hires: true }), dropped: drop.length }
}

/** The build plugin: applies {@link dropRedundantInits} to each chunk before it is minified. */
export function redundantInitsDropped(): Plugin {
  return {
    name: 'walletkit:redundant-inits-dropped',
    renderChunk(code) {
      if (!code.includes('__esmMin')) return null
      const { code: out, map, dropped } = dropRedundantInits(code)
      return dropped ? { code: out, map } : null
    },
  }
}

/** The statements of the chunk's wrapper `(function() {...})()`, when it has one. */
function wrapperBody(program: Node): Node[] | undefined {
  const [only, ...rest] = program.body as Node[]
  if (rest.length || only?.type !== 'ExpressionStatement') return undefined
  let call = only.expression as Node
  while (call.type === 'ParenthesizedExpression') call = call.expression as Node
  if (call.type !== 'CallExpression') return undefined
  let fn = call.callee as Node
  while (fn.type === 'ParenthesizedExpression') fn = fn.expression as Node
  return fn.type === 'FunctionExpression' ? ((fn.body as Node).body as Node[]) : undefined
}

/** `Promise.resolve().then(() => ...)`, as the bundler writes a lazy module's `import()`. */
function isMicrotask(node: Node): boolean {
  if (node.type !== 'CallExpression') return false
  const callee = node.callee as Node
  const [callback] = node.arguments as Node[]
  if (callee.type !== 'MemberExpression' || callee.computed) return false
  if ((callee.property as Node & { name?: string }).name !== 'then') return false
  const start = callee.object as Node & { callee?: Node; arguments?: Node[] }
  if (start.type !== 'CallExpression' || start.arguments?.length) return false
  const resolve = start.callee as Node & {
    object?: Node & { name?: string }
    property?: Node & { name?: string }
  }
  let fn = callback
  while (fn?.type === 'ParenthesizedExpression') fn = fn.expression as Node
  return (
    resolve?.type === 'MemberExpression' &&
    !resolve.computed &&
    resolve.object?.type === 'Identifier' &&
    resolve.object.name === 'Promise' &&
    resolve.property?.name === 'resolve' &&
    fn?.type === 'ArrowFunctionExpression'
  )
}
