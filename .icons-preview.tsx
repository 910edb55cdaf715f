import React from 'react'
;(globalThis as any).React = React

import { chromium } from 'playwright-core'
import { renderToStaticMarkup } from 'react-dom/server'
import { Icon, type IconName } from './src/ui/components/Icon'

const names: IconName[] = [
  'google',
  'x',
  'discord',
  'farcaster',
  'github',
  'apple',
  'facebook',
  'copy',
  'check',
  'send',
  'receive',
  'swap',
  'flip',
  'buy',
  'mail',
  'power',
  'down',
  'wallet',
  'chevron',
]
const row = (bg: string, fg: string, size: number) =>
  `<div style="background:${bg};color:${fg};padding:8px;display:flex;gap:12px">${names.map((n) => `<span style="width:${size}px;height:${size}px;display:inline-block">${renderToStaticMarkup(<Icon name={n} />).replace('<svg', `<svg width="${size}" height="${size}"`)}</span>`).join('')}</div>`
const html = `<body style="margin:0">${row('#fff', '#16181d', 64)}${row('#15171c', '#eef0f4', 64)}${row('#fff', '#16181d', 20)}${row('#15171c', '#eef0f4', 20)}</body>`
const b = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--headless=new'],
})
const p = await b.newPage({ viewport: { width: 1500, height: 260 } })
await p.setContent(html)
await p.screenshot({ path: '/tmp/icons/icons.png' })
await b.close()
