/** The window bridge in React. */
export {
  BridgeProvider,
  useBridge,
  useBridgeEvent,
  useBridgeRequest,
} from "./BridgeProvider";
export { windowIdFor } from "./window-id";
