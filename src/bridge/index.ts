export { startBridge, BRIDGE_VERSION, type BridgeOptions, type RunningBridge } from "./server";
export { newToken, isLoopbackHost } from "./security";
export { bridgeHandoffPlugin, handoffMetaTag } from "./handoff";
