/**
 * Stroke icons on a 24 px grid, one path each, drawn in the text's colour. Kept as short path
 * strings: every byte ships in walletkit.js.
 */
const STROKES = {
  close: 'M6 6l12 12M18 6L6 18',
  back: 'M15 5l-7 7 7 7',
  help: 'M9.1 9a3 3 0 0 1 5.8 1c0 2-3 2.5-3 4.5M12 18h.01M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z',
  search: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20 20l-4-4',
  wallet: 'M3 7h15a3 3 0 0 1 3 3v7a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3zM3 7l12-3v3M16 14h.01',
  chevron: 'M9 5l7 7-7 7',
  down: 'M6 9l6 6 6-6',
  external: 'M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5',
  alert: 'M12 8v5M12 16h.01M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z',
  copy: 'M9 9h11v11H9zM15 5V4H4v11h1',
  check: 'M5 12.5l4.5 4.5L19 7',
  send: 'M12 19V5M6 11l6-6 6 6',
  receive: 'M12 5v14M6 13l6 6 6-6',
  swap: 'M7 4L3 8l4 4M3 8h14M17 12l4 4-4 4M21 16H7',
  flip: 'M7 20V4M3 8l4-4 4 4M17 4v16M13 16l4 4 4-4',
  buy: 'M3 6h18v12H3zM3 10h18M7 15h3',
  mail: 'M3 6h18v12H3zM3 7l9 6 9-6',
  power: 'M12 3v8M7 6a7 7 0 1 0 10 0',
}

/**
 * Brand marks of the social logins, drawn for this kit as simplified shapes of each brand's
 * mark (not copied from any icon set): parts as `[path, paint]`, or `[path, paint, stroke width]`
 * for a stroked part. `currentColor` marks (X, GitHub, Apple) follow the theme's text colour.
 */
const MARKS = {
  google: [
    ['M16.95 7.05A7 7 0 0 0 6.64 7.5', '#ea4335', 3.2],
    ['M6.64 7.5a7 7 0 0 0-.7 8', '#fbbc05', 3.2],
    ['M5.94 15.5a7 7 0 0 0 11.42 1', '#34a853', 3.2],
    ['M17.36 16.5A7 7 0 0 0 19 12h-7', '#4285f4', 3.2],
  ],
  x: [['M4.5 4.5h4.2l10.8 15h-4.2zM19 4.5l-5.9 6.6M11 13.1l-6 6.4', 'currentColor', 1.6]],
  discord: [
    [
      'M8.2 6.2q-2 .4-3.6 1.4Q2.4 11.5 2.7 16.1q1.9 1.5 4.2 2.1l1-1.6-1.6-.8.4-.4q5.3 2.4 10.6 0l.4.4-1.6.8 1 1.6q2.3-.6 4.2-2.1.5-4.8-1.9-8.5-1.6-1-3.6-1.4l-.5 1q-3.3-.5-6.6 0zM7.7 12.6a1.6 1.75 0 1 0 3.2 0 1.6 1.75 0 1 0-3.2 0zm5.4 0a1.6 1.75 0 1 0 3.2 0 1.6 1.75 0 1 0-3.2 0z',
      '#5865f2',
    ],
  ],
  farcaster: [
    ['M5 3h14q2 0 2 2v14q0 2-2 2H5q-2 0-2-2V5q0-2 2-2z', '#855dcd'],
    ['M7 7h10v1.4h-.8V17h-2.4v-4.2a1.8 1.8 0 0 0-3.6 0V17H7.8V8.4H7z', '#fff'],
  ],
  github: [
    [
      'M12 2a10 10 0 1 0 0 20 10 10 0 1 0 0-20zM9.8 21.7v-3.1Q5.2 18 5.2 13.5q0-1.5 1-2.6-.4-1.2.1-2.4 1.2 0 2.5 1 3.2-.9 6.4 0 1.3-1 2.5-1 .5 1.2.1 2.4 1 1.1 1 2.6 0 4.5-4.6 5.1v3.1z',
      'currentColor',
    ],
  ],
  apple: [
    [
      'M12 8.2Q9.1 6.4 6.6 8.8 4.3 12 7.2 17.4q2 3.2 3.4 2.6l1.4-.5 1.4.5q1.4.6 3.4-2.6l.4-1.1q-2.4-1.1-2.4-3.5 0-2 1.6-2.9-2-2.4-5-.7zm.2-1.4q0-2.7 2.7-3.1-.1 2.7-2.7 3.1z',
      'currentColor',
    ],
  ],
  facebook: [
    ['M12 2a10 10 0 1 0 0 20 10 10 0 1 0 0-20z', '#1877f2'],
    [
      'M13.4 22v-7.6h2.5l.4-2.9h-2.9V9.7q0-1.4 1.4-1.4h1.6V5.7q-1-.1-2.2-.1-3.6 0-3.6 3.7v2.2H8.1v2.9h2.5V22z',
      '#fff',
    ],
  ],
} satisfies Record<string, readonly (readonly [string, string, number?])[]>

/** Names of the inline icons and marks. */
export type IconName = keyof typeof STROKES | keyof typeof MARKS

/**
 * An inline icon or brand mark, hidden from assistive technology (the button or text beside it
 * carries the name).
 */
export function Icon({ name }: { name: IconName }) {
  const mark: readonly (readonly [string, string, number?])[] | undefined =
    MARKS[name as keyof typeof MARKS]
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-icon={name}
    >
      {mark ? (
        mark.map(([d, paint, width]) => (
          <path
            key={d}
            d={d}
            fillRule="evenodd"
            fill={width ? 'none' : paint}
            stroke={width ? paint : 'none'}
            strokeWidth={width}
            strokeLinecap={width ? 'butt' : undefined}
          />
        ))
      ) : (
        <path d={STROKES[name as keyof typeof STROKES]} />
      )}
    </svg>
  )
}
