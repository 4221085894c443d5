/**
 * The requestState hashing where there is no node:crypto (the page's embedded demo server, any
 * browser build): the core's synchronous pure-JS implementation (@noble/hashes). package.json's
 * `#platform-crypto` import resolves here for every condition but `node`.
 */
import { pureStateCrypto, type StateCrypto } from "../core/protocol";

export const platformCrypto: StateCrypto = pureStateCrypto;
