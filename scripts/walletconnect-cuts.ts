import type { FileCuts } from './trim-packages.js'

/**
 * The functions of WalletConnect's published files that a dapp on this kit never runs, replaced at
 * build time by stubs (scripts/trim-packages.ts; why and how it is proven: docs/bundle-size.md).
 *
 * The kit is the dapp side of WalletConnect: it proposes a session through the universal provider
 * (`connect` with `optionalNamespaces` only: no `authentication`, no `walletPay`), sends requests,
 * answers what the wallet sends (settle, update, extend, ping, event, delete), and disconnects. The
 * wallet side (approving, rejecting, updating, responding, emitting), One-Click Auth (`authenticate`
 * and the wallet's answers to it), React Native's link mode and push notifications are never run.
 *
 * Each entry was checked against the file whose sha256 it names; an upgrade of the packages fails
 * the build until the entries are checked again.
 */
export const WALLETCONNECT_CUTS: FileCuts[] = [
  {
    file: '@walletconnect/sign-client/dist/index.js',
    sha256: 'c791c54e0a139c4479870cbbfa1775e275ef0a143b04d3e0f75160329a67bd31',
    cuts: [
      // The wallet's public calls, in the engine and in the client that forwards to it.
      { name: 'pair', count: 2, why: 'pairs from a wc: URI: what a wallet does with the QR code' },
      { name: 'approve', count: 2, why: 'the wallet approves a proposal' },
      { name: 'reject', count: 2, why: 'the wallet rejects a proposal' },
      { name: 'update', count: 2, why: 'the controller (the wallet) updates the namespaces' },
      { name: 'extend', count: 2, why: 'neither the kit nor the universal provider extends' },
      { name: 'respond', count: 2, why: 'the wallet answers a session request' },
      { name: 'emit', count: 2, why: 'the wallet emits chainChanged and accountsChanged' },
      {
        name: 'authenticate',
        count: 2,
        why: "One-Click Auth: the kit calls neither the provider's authenticate nor connect with authentication",
      },
      { name: 'approveSessionAuthenticate', count: 2, why: 'the wallet answers One-Click Auth' },
      { name: 'rejectSessionAuthenticate', count: 2, why: 'the wallet answers One-Click Auth' },
      { name: 'formatAuthMessage', count: 2, why: 'the wallet shows the One-Click Auth message' },
      { name: 'ping', count: 2, why: 'neither the kit nor the universal provider pings' },
      // What only those calls use.
      { name: 'isValidApprove', why: 'approve only' },
      { name: 'isValidReject', why: 'reject only' },
      { name: 'isValidRespond', why: 'respond only' },
      { name: 'cleanupAfterResponse', why: 'respond only' },
      { name: 'sendApproveSession', why: 'approve only' },
      { name: 'getTVFApproveParams', why: 'approve only' },
      { name: 'isValidAuthenticate', why: 'authenticate only' },
      { name: 'getPendingAuthRequest', why: 'the One-Click Auth answers only' },
      // Answers to requests only the calls above send: the engine finds the request of an
      // answer in its history, so an answer to one it never sent is refused before these.
      { name: 'onSessionSettleResponse', why: 'answers wc_sessionSettle, which approve sends' },
      { name: 'onSessionUpdateResponse', why: 'answers wc_sessionUpdate, which update sends' },
      { name: 'onSessionExtendResponse', why: 'answers wc_sessionExtend, which extend sends' },
      { name: 'onSessionPingResponse', why: 'answers wc_sessionPing, which ping sends' },
      {
        name: 'onSessionAuthenticateResponse',
        why: 'answers wc_sessionAuthenticate, which authenticate sends',
      },
      {
        name: 'extractTxHashesFromResult',
        returns: '[]',
        why: "reads transaction ids out of a wallet's result for the relay's tags; a dapp only calls it for its own requests, with no result, and it then returns []",
      },
      // React Native's link mode: the listeners are set only where `global.Linking` exists.
      {
        name: 'registerLinkModeListeners',
        returns: 'void 0',
        why: 'does nothing in a browser (no React Native, not a test run)',
      },
      { name: 'handleLinkModeMessage', why: 'called by the link-mode listeners only' },
      {
        name: 'isLinkModeEnabled',
        returns: '!1',
        why: 'true only for a session or message whose transport is link mode, which only the link-mode listeners and One-Click Auth set',
      },
      // Requests only a wallet receives. A dapp's peer is a wallet, which never sends them; the
      // published dapp would store one, ask WalletConnect's Verify server about it and emit an
      // event nothing listens to, and never answer it. Here it is ignored, as the engine ignores
      // a method it does not know: the sender sees the same silence (docs/bundle-size.md).
      {
        name: 'onSessionProposeRequest',
        returns: 'void 0',
        why: 'wc_sessionPropose comes from a dapp, to a wallet',
      },
      {
        name: 'onSessionRequest',
        returns: 'void 0',
        why: 'wc_sessionRequest comes from a dapp, to a wallet',
      },
      {
        name: 'onSessionAuthenticateRequest',
        returns: 'void 0',
        why: 'wc_sessionAuthenticate comes from a dapp, to a wallet',
      },
      { name: 'getVerifyContext', why: 'the three requests above only' },
      { name: 'setAuthRequest', why: 'authenticate and onSessionAuthenticateRequest only' },
      { name: 'setPendingSessionRequest', why: 'onSessionRequest only' },
    ],
  },
  {
    file: '@walletconnect/core/dist/index.js',
    sha256: '2d5f238394200c4cb4886a319f68e6bb7d274cff3782b352c50c1201cc042fdf',
    cuts: [
      { name: 'pair', why: "the sign client's pair only: a wallet pairing from a wc: URI" },
      { name: 'isValidPair', why: 'pair only' },
      { name: 'ping', why: "the sign client's ping only" },
      { name: 'onPairingPingResponse', why: 'answers a pairing ping, which ping sends' },
      {
        name: 'batchFetchMessages',
        why: 'never called by the packages (the relay method it uses is never sent)',
      },
      { name: 'rpcBatchFetchMessages', why: 'batchFetchMessages only' },
      { name: 'handleBatchMessageEvents', why: 'batchFetchMessages only' },
      { name: 'registerDeviceToken', why: 'push notifications for wallets (the Echo client)' },
      { name: 'getLogsBlob', why: "a log download; the kit's logger keeps no logs" },
      { name: 'dispatchEnvelope', why: 'link mode: called by the link-mode listeners only' },
      { name: 'onLinkMessageEvent', why: 'link mode: called by dispatchEnvelope only' },
      {
        name: 'register',
        in: 'fetchAttestation',
        returns: '""',
        why: "Verify's attestation frame: the kit sets this very function (an empty attestation) right after the provider starts, before any proposal or request (src/connectors/walletconnect/provider.ts)",
      },
      // Verify's check of a request's origin, which only a wallet asks (getVerifyContext).
      { name: 'resolve', in: 'fetchAttestation', why: "the sign client's getVerifyContext only" },
      { name: 'fetchAttestation', why: 'resolve only' },
      { name: 'isValidJwtAttestation', why: 'resolve only' },
      { name: 'getPublicKey', in: 'fetchAttestation', why: 'isValidJwtAttestation only' },
      {
        name: 'fetchAndPersistPublicKey',
        why: 'isValidJwtAttestation and getPublicKey only',
      },
      { name: 'startAbortTimer', why: "the fetches above and the published register's frame" },
      { name: 'fetchPublicKey', why: 'fetchAndPersistPublicKey only' },
      { name: 'persistPublicKey', why: 'fetchAndPersistPublicKey only' },
      { name: 'validateAttestation', why: 'isValidJwtAttestation only' },
      { name: 'getVerifyUrl', why: 'resolve only' },
      // Telemetry: the kit starts the provider with telemetryEnabled: false, and then the event
      // client keeps no events, never restores, submits or sends them; init is never called.
      { name: 'init', in: 'createEvent', why: 'never called by the packages' },
      { name: 'restore', in: 'createEvent', why: 'runs only with telemetry on' },
      { name: 'submit', why: 'runs only with telemetry on' },
      { name: 'sendEvent', why: 'called by init and submit only' },
      { name: 'setEventListeners', why: 'runs only with telemetry on' },
    ],
  },
  {
    file: '@walletconnect/universal-provider/dist/index.js',
    sha256: '2afc76477b5c6333b4f1d4c7a0acbf732a5e340d089dac7a149186438b7bf61d',
    cuts: [{ name: 'authenticate', why: 'One-Click Auth: the kit never calls it' }],
  },
]
