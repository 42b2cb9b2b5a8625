/** The API context (base URL and token) that machines take as input, for views to pass along. */
export type { ApiContext } from "../../services/http/http";
