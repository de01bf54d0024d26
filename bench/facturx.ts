// One Factur-X invoice of 500 lines (api/src/lib/facturx): the visible PDF, the CII XML through @e-invoice-eu/core
// and the PDF/A-3 with its attachment, as the invoicing module renders it at issue. Prints the CPU time per render
// (the figure on a shared machine: wall time there measures the neighbours too), the wall-clock median and the bytes.
// Usage: pnpm bench:facturx [-- --lines 500 --runs 10]
import { parseArgs } from 'node:util';
import { renderFacturX } from 'api/src/lib/facturx/index';
import { largeInvoice } from 'api/src/lib/facturx/facturx.fixture';
import { renderInvoicePdf } from 'api/src/lib/facturx/invoice-pdf';
import { cliArgs } from './lib/api-process';

const { values } = parseArgs({
  args: cliArgs(),
  options: { lines: { type: 'string', default: '500' }, runs: { type: 'string', default: '10' } },
});
const LINES = Number(values.lines);
const RUNS = Number(values.runs);
const TARGET_MS = 300;

const document = largeInvoice(LINES);
const cpuMs = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function measure(render: () => Promise<unknown>) {
  // Two warm-up renders: the first loads the fonts and compiles the code paths.
  await render();
  await render();
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const startCpu = process.cpuUsage();
    const startWall = performance.now();
    await render();
    cpu.push(cpuMs(startCpu));
    wall.push(performance.now() - startWall);
  }
  return { cpu: median(cpu), wall: median(wall) };
}

const visible = await measure(() => renderInvoicePdf(document));
const full = await measure(() => renderFacturX(document));
const { pdf, xml } = await renderFacturX(document);

console.log(
  `\nFactur-X, ${LINES} lignes (+ annexe de ${document.annexe.length} séjours), médiane de ${RUNS} rendus\n`,
);
console.log('| étape | CPU (ms) | horloge (ms) |');
console.log('| --- | ---: | ---: |');
console.log(`| PDF visible seul (pdfkit) | ${visible.cpu.toFixed(0)} | ${visible.wall.toFixed(0)} |`);
console.log(
  `| Factur-X complet (PDF visible + XML CII + PDF/A-3) | ${full.cpu.toFixed(0)} | ${full.wall.toFixed(0)} |`,
);
console.log(`\nPDF ${pdf.length} octets, XML ${Buffer.byteLength(xml)} octets; cible ${TARGET_MS} ms.`);
console.log(
  full.cpu <= TARGET_MS ? 'Cible tenue (CPU).' : `Cible dépassée (CPU) : ${full.cpu.toFixed(0)} ms.`,
);
