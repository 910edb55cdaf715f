/** The one way interactive elements get a test id: `data-testid="wk-…"`. */
export function testId(name: string): { 'data-testid': string } {
  return { 'data-testid': `wk-${name}` }
}
