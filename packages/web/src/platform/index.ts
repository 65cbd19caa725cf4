/** The only place that touches browser and desktop-shell capabilities (STYLE.md §3). */
export {
  loadLocalePreference,
  saveLocalePreference,
} from "./locale-preference";
