// The Factur-X library of the invoicing module (issue 39): render, read back, parse.
export { renderFacturX, FACTURX_FORMAT, type FacturX } from './render-facturx';
export { readFacturXXml } from './read-facturx';
export { parseCiiInvoice, CiiParseError, type CiiInvoice, type CiiLine, type CiiParty } from './parse-cii';
