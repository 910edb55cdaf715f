import { decodeJWT, verifyJWT } from '@walletconnect/relay-auth'

/**
 * Checks the `auth` query parameter of a relay upgrade request.
 * @param requestUrl The request target, e.g. `/?auth=…&projectId=…`.
 * @param nowSeconds The current time in seconds, to reject expired tokens.
 * @returns The client id (the JWT `iss`, a `did:key`), or `null` when the token is missing or invalid.
 */
export async function authenticate(
  requestUrl: string | undefined,
  nowSeconds: number,
): Promise<string | null> {
  const auth = new URL(requestUrl ?? '/', 'http://127.0.0.1').searchParams.get('auth')
  if (!auth) return null
  try {
    if (!(await verifyJWT(auth))) return null
    const { payload } = decodeJWT(auth)
    if (typeof payload.iss !== 'string' || !payload.iss.startsWith('did:key:')) return null
    if (typeof payload.exp === 'number' && payload.exp < nowSeconds) return null
    return payload.iss
  } catch {
    return null
  }
}
