// Node 20 has no Temporal: the polyfill stands in, as it does in browsers without one.
import "temporal-polyfill/global";
