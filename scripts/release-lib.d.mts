/** Types of release-lib.mjs, for the tests that import it. */

/** Every file of the published package, sorted. */
export declare const PACKAGE_FILES: readonly string[]
/** The bundle's path inside the package. */
export declare const BUNDLE_PATH: string
/** The package's name and version, as package.json has them. */
export declare function packageInfo(): { name: string; version: string }
/** The bundle's pinned addresses on jsDelivr and unpkg. */
export declare function cdnUrls(name: string, version: string): { jsdelivr: string; unpkg: string }
/** The tag a site pastes: the pinned address, its integrity and `crossorigin`. */
export declare function scriptTag(src: string, integrity: string): string
/** The integrity value `npm run build` published for cdn-dist/walletkit.js. */
export declare function builtIntegrity(): string
/** The first `<script …>` of README.md's first html code block, with its attributes. */
export declare function readmeTag(readme?: string): {
  block: string
  tag: string
  attributes: Record<string, string>
}
/** The files `npm pack` would put in the tarball, sorted. */
export declare function packedFiles(): string[]
