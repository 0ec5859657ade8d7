import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'

// A WebAuthn authenticator in software for server tests: ES256 keys from node:crypto, 'none'
// attestation, discoverable credentials, user verification always done, a counter per key.

type Cbor = number | Uint8Array | string | Map<Cbor, Cbor>

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length])
  if (length < 256) return Buffer.from([(major << 5) | 24, length])
  const out = Buffer.alloc(3)
  out[0] = (major << 5) | 25
  out.writeUInt16BE(length, 1)
  return out
}

/** The little CBOR that attestation objects and COSE keys need. */
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value)
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8')
    return Buffer.concat([head(3, bytes.length), bytes])
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value])
  const parts = [head(5, value.size)]
  for (const [key, item] of value) parts.push(cbor(key), cbor(item))
  return Buffer.concat(parts)
}

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest()
const b64url = (data: Uint8Array) => Buffer.from(data).toString('base64url')

const UP = 0x01
const UV = 0x04
const AT = 0x40

interface StoredKey {
  credentialId: Buffer
  privateKey: KeyObject
  userHandle: string
  counter: number
}

export interface SoftwareAuthenticatorOptions {
  origin: string
  rpId: string
}

export class SoftwareAuthenticator {
  readonly keys: StoredKey[] = []
  constructor(private readonly options: SoftwareAuthenticatorOptions) {}

  private authData(flags: number, counter: number, attested?: Buffer) {
    const count = Buffer.alloc(4)
    count.writeUInt32BE(counter)
    return Buffer.concat([
      sha256(this.options.rpId),
      Buffer.from([flags]),
      count,
      attested ?? Buffer.alloc(0),
    ])
  }

  private clientData(type: string, challenge: string, origin = this.options.origin) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }))
  }

  /** navigator.credentials.create(): the registration response JSON for these options. */
  create(options: { challenge: string; user: { id: string } }, origin?: string) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const jwk = publicKey.export({ format: 'jwk' })
    const cose = cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    )
    const credentialId = randomBytes(16)
    const idLength = Buffer.alloc(2)
    idLength.writeUInt16BE(credentialId.length)
    const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, cose])
    const key: StoredKey = { credentialId, privateKey, userHandle: options.user.id, counter: 0 }
    this.keys.push(key)
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', this.authData(UP | UV | AT, 0, attested)],
      ]),
    )
    return {
      id: b64url(credentialId),
      rawId: b64url(credentialId),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    }
  }

  /**
   * navigator.credentials.get(): an assertion for the challenge by one of its keys (the last
   * made unless told), its counter one higher each time unless `counter` is given.
   */
  get(challenge: string, use: { key?: StoredKey; counter?: number } = {}) {
    const key = use.key ?? this.keys.at(-1)!
    key.counter = use.counter ?? key.counter + 1
    const authenticatorData = this.authData(UP | UV, key.counter)
    const clientDataJSON = this.clientData('webauthn.get', challenge)
    const signature = sign(
      'sha256',
      Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
      key.privateKey,
    )
    return {
      id: b64url(key.credentialId),
      rawId: b64url(key.credentialId),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        userHandle: key.userHandle,
      },
      clientExtensionResults: {},
    }
  }
}
