import MagicString from 'magic-string'

/**
 * The build's CSS minifier for the styles in `src/ui/styles/` (written readable, shipped compact):
 * comments go, runs of white space become one space, and the spaces next to `{ } ; , >` and after
 * `:` go, as does the `;` before `}`. Quoted strings are kept as written. A space before `:` stays
 * (`.a :focus` is not `.a:focus`), and so does any space inside values (`calc(1px - 2px)`).
 * Comments and strings are read in one pass, in order: a quote inside a comment (`the wallets'`)
 * opens no string, and `/*` inside a string opens no comment.
 */
export function minifyCss(css: string): string {
  let out = ''
  let text = ''
  const squeeze = () => {
    out += text
      .replace(/\s+/g, ' ')
      .replace(/ ?([{};,>]) ?/g, '$1')
      .replace(/: /g, ':')
    text = ''
  }
  // Strings as they are, comments gone; the text between strings has its white space squeezed.
  for (const part of css.split(/(\/\*[\s\S]*?\*\/|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')/)) {
    if (part.startsWith('/*')) continue
    if (part.startsWith('"') || part.startsWith("'")) {
      squeeze()
      out += part
    } else text += part
  }
  squeeze()
  return out.replace(/;}/g, '}').trim()
}

/** A `/* css *\/` template literal without substitutions; its CSS is group 1. */
const CSS_LITERAL = /\/\* css \*\/ `([^`$\\]*)`/g

/** Every `/* css *\/` template literal in a module's source, minified in place. */
export function minifyCssLiterals(code: string): string {
  return code.replace(CSS_LITERAL, (_, css: string) => `\`${minifyCss(css)}\``)
}

/** {@link minifyCssLiterals} with the source map of the change, for a module that is not only CSS. */
export function minifyCssLiteralsMapped(code: string): {
  code: string
  map: ReturnType<MagicString['generateMap']>
} {
  const out = new MagicString(code)
  for (const literal of code.matchAll(CSS_LITERAL))
    out.overwrite(
      literal.index,
      literal.index + literal[0].length,
      `\`${minifyCss(literal[1] as string)}\``,
    )
  return { code: out.toString(), map: out.generateMap({ hires: true }) }
}
