// A strict RFC 4180 reader for checking the app's CSV from the outside: records end with CRLF (the last one
// too), fields are separated by commas, a quoted field doubles its quotes and may hold commas and line breaks.
// Anything else (a bare LF, a quote inside an unquoted field, an unclosed quote) throws.

export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  while (i < text.length) {
    let field = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error('unclosed quoted field');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += text[i++];
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') {
        if (text[i] === '"') throw new Error(`quote inside an unquoted field at ${i}`);
        field += text[i++];
      }
    }
    record.push(field);
    if (text[i] === ',') {
      i++;
    } else if (text.startsWith('\r\n', i)) {
      records.push(record);
      record = [];
      i += 2;
    } else {
      throw new Error(`expected a comma or CRLF at ${i}, found ${JSON.stringify(text.slice(i, i + 10))}`);
    }
  }
  if (record.length) throw new Error('the last record does not end with CRLF');
  return records;
}
