export { getBridge, getWebSocketBridge, LAUNCH_HEADER } from './getBridge.ts';
export { invoke, listen, setBridgeForTests } from './invoke.ts';
export { uploadFile, type Uploaded } from './uploadFile.ts';
export { WebSocketBridge, type BridgeStatus } from './webSocketBridge.ts';
