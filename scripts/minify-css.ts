/**
 * The build's CSS minifier for the styles in `src/ui/styles/` (written readable, shipped compact):
 * comments go, runs of white space become one space, and the spaces next to `{ } ; , >` and after
 * `:` go, as does the `;` before `}`. Quoted strings are kept as written. A space before `:` stays
 * (`.a :focus` is not `.a:focus`), and so does any space inside values (`calc(1px - 2px)`).
 */
export function minifyCss(css: string): string {
  let out = ''
  // Strings as they are; everything else has its comments and white space squeezed.
  for (const part of css.split(/("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')/)) {
    if (part.startsWith('"') || part.startsWith("'")) {
      out += part
      continue
    }
    out += part
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\s+/g, ' ')
      .replace(/ ?([{};,>]) ?/g, '$1')
      .replace(/: /g, ':')
  }
  return out.replace(/;}/g, '}').trim()
}

/** Every `/* css *\/` template literal in a module's source, minified in place. */
export function minifyCssLiterals(code: string): string {
  return code.replace(/\/\* css \*\/ `([^`$\\]*)`/g, (_, css: string) => `\`${minifyCss(css)}\``)
}
