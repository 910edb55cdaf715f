// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseSync } from 'vite'
import { expect, test } from 'vitest'

// The build marks every shim free of side effects (vite.config.ts `shimModule`), so a shim whose
// exports nothing reads is left out of the file. That holds while a shim's top level only
// declares: a statement that does something there would be lost with it.

const DIR = join(process.cwd(), 'src/embed/shims')
const DECLARATIONS = new Set([
  'ImportDeclaration',
  'ExportNamedDeclaration',
  'ExportDefaultDeclaration',
  'FunctionDeclaration',
  'ClassDeclaration',
  'VariableDeclaration',
  'TSTypeAliasDeclaration',
  'TSInterfaceDeclaration',
])

/** The top-level statements of a module that are not imports, exports or declarations. */
function statements(file: string, code: string): string[] {
  const { program, errors } = parseSync(file, code)
  expect(errors).toEqual([])
  return program.body
    .filter((node) => !DECLARATIONS.has(node.type))
    .map((node) => code.slice(node.start, node.end))
}

test('default', () => {
  const shims = readdirSync(DIR).filter((file) => file.endsWith('.ts'))
  expect(shims.length).toBeGreaterThan(10)
  for (const file of shims)
    expect(statements(file, readFileSync(join(DIR, file), 'utf8')), file).toEqual([])
})

test('error: a statement at the top level is found', () => {
  expect(
    statements('a.ts', "import { x } from 'y'\nexport const a = 1\nglobalThis.b = a\nx()"),
  ).toEqual(['globalThis.b = a', 'x()'])
})
