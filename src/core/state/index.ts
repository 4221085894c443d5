/** The requestState token: the presa v1 primitives and the inspector's decoder. */
export {
  TOKEN_PREFIX,
  DIGEST_EXCLUDED_PARAMS,
  base64urlEncode,
  base64urlDecode,
  base64Decode,
  paramsDigest,
  callerDigest,
  macOf,
  keyFromSecret,
  constantTimeEqual,
  isPresaPayload,
  splitToken,
} from "./format";
export type { PresaPayload, PresaParts } from "./format";
export { STATE_FAILURE_REASONS, type StateFailureReason } from "./format";
export { MAX_DECODE_LENGTH, decodeRequestState, checkScope, verifyMac } from "./decode";
export type {
  DecodedState,
  ScopeInput,
  ScopeCheck,
  MethodCheck,
  ParamsCheck,
  ExpiryCheck,
  CallerCheck,
} from "./decode";
