import { fileURLToPath } from 'node:url'

/** The frame's scripts, bundled once per process from `frame/` (esbuild, as vite installs it). */
export type FrameScripts = { 'frame.js': string; 'callback.js': string }

let bundled: Promise<FrameScripts> | undefined

/** Bundles the login frame's own code on first use; it never enters walletkit.js. */
export function frameScripts(): Promise<FrameScripts> {
  bundled ??= (async () => {
    const { build } = await import('esbuild')
    const entry = (name: string) => fileURLToPath(new URL(`./frame/${name}.ts`, import.meta.url))
    const result = await build({
      entryPoints: { frame: entry('main'), callback: entry('callback') },
      bundle: true,
      format: 'iife',
      target: 'es2022',
      write: false,
      outdir: 'out',
      logLevel: 'silent',
    })
    const text = (name: string) => {
      const file = result.outputFiles.find((f) => f.path.endsWith(`/${name}`))
      if (!file) throw new Error(`esbuild produced no ${name}`)
      return file.text
    }
    return { 'frame.js': text('frame.js'), 'callback.js': text('callback.js') }
  })()
  bundled.catch(() => {
    bundled = undefined
  })
  return bundled
}
