/**
 * WalletConnect's key-value storage: the same IndexedDB database and store as
 * `@walletconnect/keyvaluestorage` (values kept as JSON text), written with the browser's own API
 * instead of unstorage and idb-keyval. Where IndexedDB is unavailable (some private modes,
 * sandboxed frames) it falls back to localStorage, then to memory for the page's lifetime.
 */
import { safeJsonParse, safeJsonStringify } from '@walletconnect/safe-json'

const DATABASE_NAME = 'WALLET_CONNECT_V2_INDEXED_DB'
const STORE_NAME = 'keyvaluestorage'

/** Where the JSON text lives. */
interface Backend {
  keys(): Promise<string[]>
  get(key: string): Promise<string | undefined>
  set(key: string, value: string): Promise<void>
  remove(key: string): Promise<void>
}

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(DATABASE_NAME)
    open.onupgradeneeded = () => open.result.createObjectStore(STORE_NAME)
    open.onsuccess = () => resolve(open.result)
    open.onerror = () => reject(open.error)
    open.onblocked = () => reject(new Error('IndexedDB is blocked'))
  })
}

function indexedDbBackend(db: IDBDatabase): Backend {
  /** Runs one request; settles when its transaction completes, so writes are durable. */
  const run = <T>(mode: IDBTransactionMode, call: (store: IDBObjectStore) => IDBRequest<T>) =>
    new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(STORE_NAME, mode)
      const request = call(transaction.objectStore(STORE_NAME))
      transaction.oncomplete = () => resolve(request.result)
      transaction.onerror = transaction.onabort = () => reject(transaction.error ?? request.error)
    })
  return {
    keys: async () => (await run('readonly', (s) => s.getAllKeys())).map(String),
    get: (key) => run('readonly', (s) => s.get(key) as IDBRequest<string | undefined>),
    set: async (key, value) => void (await run('readwrite', (s) => s.put(value, key))),
    remove: async (key) => void (await run('readwrite', (s) => s.delete(key))),
  }
}

function webStorageBackend(storage: Storage): Backend {
  return {
    keys: async () => Object.keys(storage),
    get: async (key) => storage.getItem(key) ?? undefined,
    set: async (key, value) => storage.setItem(key, value),
    remove: async (key) => storage.removeItem(key),
  }
}

function memoryBackend(): Backend {
  const items = new Map<string, string>()
  return {
    keys: async () => [...items.keys()],
    get: async (key) => items.get(key),
    set: async (key, value) => void items.set(key, value),
    remove: async (key) => void items.delete(key),
  }
}

async function chooseBackend(): Promise<Backend> {
  try {
    return indexedDbBackend(await openDatabase())
  } catch {
    try {
      const probe = '__walletkit_probe__'
      localStorage.setItem(probe, probe)
      localStorage.removeItem(probe)
      return webStorageBackend(localStorage)
    } catch {
      return memoryBackend()
    }
  }
}

/** The storage WalletConnect's core keeps its keys, pairings, sessions and messages in. */
export class KeyValueStorage {
  #backend: Promise<Backend> | undefined
  /** Writes started and not finished yet. */
  #writing = new Set<Promise<void>>()

  #track(write: Promise<void>): Promise<void> {
    this.#writing.add(write)
    const done = () => this.#writing.delete(write)
    write.then(done, done)
    return write
  }

  /**
   * Resolves once every write started so far has finished, kept or failed. WalletConnect's core
   * does not wait for some of its writes (a request's history record, a subscription): a page the
   * visitor leaves before they are kept would lose them.
   */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.#writing])
  }

  #storage(): Promise<Backend> {
    this.#backend ??= chooseBackend()
    return this.#backend
  }

  /** Every key. */
  async getKeys(): Promise<string[]> {
    return (await this.#storage()).keys()
  }

  /** Every key with its value. */
  async getEntries<T = unknown>(): Promise<[string, T][]> {
    const storage = await this.#storage()
    const keys = await storage.keys()
    return Promise.all(
      keys.map(async (key) => [key, parse<T>(await storage.get(key))] as [string, T]),
    )
  }

  /** The value under `key`, or `undefined`. */
  async getItem<T = unknown>(key: string): Promise<T | undefined> {
    const text = await (await this.#storage()).get(key)
    return text === undefined ? undefined : parse<T>(text)
  }

  /** Keeps `value` under `key`. */
  setItem<T = unknown>(key: string, value: T): Promise<void> {
    const text = safeJsonStringify(value)
    return this.#track(this.#storage().then((storage) => storage.set(key, text)))
  }

  /** Forgets `key`. */
  removeItem(key: string): Promise<void> {
    return this.#track(this.#storage().then((storage) => storage.remove(key)))
  }
}

function parse<T>(text: string | undefined): T {
  return safeJsonParse(text ?? '') as T
}

export default KeyValueStorage
