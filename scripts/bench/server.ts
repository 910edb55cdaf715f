// The bench server's own routes on the stack's app server: a warm-up page, the bundle from the
// snapshot taken at start, and the endpoint where loads without a protocol client post their report.
import type { Stack } from '../../test/stack/index'
import { BUNDLE_URL_PATH, REPORT_PATH, WARMUP_PATH } from './settings'

/**
 * Mounts the bench's routes on the stack's app server.
 *
 * @returns The next report posted to REPORT_PATH (one already posted first, in order of arrival).
 */
export function serveBench(stack: Stack, bundleCode: Buffer): () => Promise<string> {
  const reports: string[] = []
  const reportWaiters: ((body: string) => void)[] = []
  stack.static.mount(WARMUP_PATH, (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
    res.end(
      '<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>warm-up</title></head><body>warm-up navigation (not measured)</body></html>',
    )
  })
  stack.static.mount(BUNDLE_URL_PATH, (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' })
      res.end()
      return
    }
    res.writeHead(200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Content-Length': bundleCode.length,
    })
    res.end(req.method === 'HEAD' ? undefined : bundleCode)
  })
  stack.static.mount(REPORT_PATH, (req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8')
    })
    req.on('end', () => {
      res.writeHead(204)
      res.end()
      const waiter = reportWaiters.shift()
      if (waiter) waiter(body)
      else reports.push(body)
    })
  })
  return () =>
    new Promise<string>((resolve) => {
      const ready = reports.shift()
      if (ready !== undefined) resolve(ready)
      else reportWaiters.push(resolve)
    })
}
