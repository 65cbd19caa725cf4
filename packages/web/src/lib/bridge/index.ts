/** The window bridge in React. */
export {
  BridgeProvider,
  useBridge,
  useBridgeEvent,
  useBridgeRequest,
  useOptionalBridge,
} from "./BridgeProvider";
export { windowIdFor } from "./window-id";
