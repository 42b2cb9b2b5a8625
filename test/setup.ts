// Node 20 has no Temporal: the polyfill stands in, as it does in browsers without one.
import "temporal-polyfill/global";

// View tests run in jsdom, which lacks <dialog>'s showModal and the popover methods.
if (typeof document !== "undefined") {
  const { installTopLayer } = await import("./views/topLayer");
  installTopLayer();
}
