// Text of a PDF for the report tests, with pdf.js (no system tools needed).
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export async function pdfPages(bytes: Buffer): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  return pages;
}

/** The page size in points of the first page. */
export async function pdfPageSize(bytes: Buffer): Promise<[number, number]> {
  const document = await getDocument({ data: new Uint8Array(bytes) }).promise;
  const [, , width, height] = (await document.getPage(1)).view;
  await document.destroy();
  return [Math.round(width!), Math.round(height!)];
}
