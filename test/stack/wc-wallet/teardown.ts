type Stop = () => Promise<unknown>

/** Teardown for tests: clients close together (each waits for its last relay calls), then the servers stop. */
export interface Teardown {
  client(stop: Stop): void
  server(stop: Stop): void
  run(): Promise<void>
}

/** Creates an empty {@link Teardown}. */
export function createTeardown(): Teardown {
  const clients: Stop[] = []
  const servers: Stop[] = []
  return {
    client: (stop) => void clients.push(stop),
    server: (stop) => void servers.push(stop),
    async run() {
      await Promise.all(clients.splice(0).map((stop) => stop()))
      await Promise.all(servers.splice(0).map((stop) => stop()))
    },
  }
}
