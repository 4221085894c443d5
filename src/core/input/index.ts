export { elicit, elicitUrl, sample, roots, type SampleOptions } from "./builders";
