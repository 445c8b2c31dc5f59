// floorman-client as an ES module: the same declarations as index.d.ts.
export * from './index.js';
import * as floorman from './index.js';
export default floorman;
