export { child, children, numberAttr } from "./dom";
