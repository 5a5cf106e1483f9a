// The byte layouts of a ZIP archive (PKWARE APPNOTE 6.3): local file headers, data descriptors,
// central directory headers and the end records, ZIP64 where a size or offset needs it. Pure
// functions, so the writer's I/O and these layouts can be read (and tested) apart.

/** Largest value a 32-bit field may hold before ZIP64 takes over (0xffffffff itself means "see ZIP64"). */
const MAX_32 = 0xfffffffe
const ZIP64_MARK_32 = 0xffffffff
const ZIP64_MARK_16 = 0xffff

const VERSION_DEFLATE = 20
const VERSION_ZIP64 = 45
/** "Version made by": Unix, so the external attributes carry a file mode. */
const MADE_BY_UNIX = 3 << 8

const FLAG_DATA_DESCRIPTOR = 0x0008
/** General purpose bit 11: the file name is UTF-8. */
const FLAG_UTF8 = 0x0800

export const METHOD_STORE = 0
export const METHOD_DEFLATE = 8

const EXTENDED_TIMESTAMP_ID = 0x5455
const ZIP64_ID = 0x0001
const REGULAR_FILE_MODE = 0o100644

export interface ZipEntryInfo {
  name: string
  method: number
  mtime: Date
  /** Set once the data is written (or known in advance). */
  crc32: number
  compressedSize: number
  size: number
  /** Where the local header starts. */
  offset: number
  /** Sizes and CRC follow the data in a data descriptor (the data was streamed). */
  streamed: boolean
}

/** DOS date and time in local time, as ZIP tools display them. */
function dosDateTime(date: Date): { date: number; time: number } {
  const year = Math.min(Math.max(date.getFullYear(), 1980), 2107)
  return {
    date: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
  }
}

/** The Unix modification time as well (extra field 0x5455), to the second and in UTC. */
function extendedTimestamp(mtime: Date): Buffer {
  const field = Buffer.alloc(9)
  field.writeUInt16LE(EXTENDED_TIMESTAMP_ID, 0)
  field.writeUInt16LE(5, 2)
  field.writeUInt8(1, 4) // flags: modification time present
  field.writeUInt32LE(Math.max(0, Math.floor(mtime.getTime() / 1000)) >>> 0, 5)
  return field
}

/** A ZIP64 extended information field holding the given 64-bit values, in APPNOTE's order. */
function zip64Field(values: number[]): Buffer {
  const field = Buffer.alloc(4 + 8 * values.length)
  field.writeUInt16LE(ZIP64_ID, 0)
  field.writeUInt16LE(8 * values.length, 2)
  values.forEach((value, i) => field.writeBigUInt64LE(BigInt(value), 4 + 8 * i))
  return field
}

function needs64(value: number): boolean {
  return value > MAX_32
}

/** The local file header. For a streamed entry CRC and sizes are zero here and follow in a data descriptor. */
export function localFileHeader(entry: ZipEntryInfo): Buffer {
  const name = Buffer.from(entry.name, "utf8")
  const large = !entry.streamed && (needs64(entry.size) || needs64(entry.compressedSize))
  const extra = Buffer.concat([extendedTimestamp(entry.mtime), large ? zip64Field([entry.size, entry.compressedSize]) : Buffer.alloc(0)])
  const { date, time } = dosDateTime(entry.mtime)
  const header = Buffer.alloc(30)
  header.writeUInt32LE(0x04034b50, 0)
  header.writeUInt16LE(large ? VERSION_ZIP64 : VERSION_DEFLATE, 4)
  header.writeUInt16LE(FLAG_UTF8 | (entry.streamed ? FLAG_DATA_DESCRIPTOR : 0), 6)
  header.writeUInt16LE(entry.method, 8)
  header.writeUInt16LE(time, 10)
  header.writeUInt16LE(date, 12)
  header.writeUInt32LE(entry.streamed ? 0 : entry.crc32, 14)
  header.writeUInt32LE(entry.streamed ? 0 : large ? ZIP64_MARK_32 : entry.compressedSize, 18)
  header.writeUInt32LE(entry.streamed ? 0 : large ? ZIP64_MARK_32 : entry.size, 22)
  header.writeUInt16LE(name.length, 26)
  header.writeUInt16LE(extra.length, 28)
  return Buffer.concat([header, name, extra])
}

/** The data descriptor after a streamed entry's data: 8-byte sizes when either size needs them. */
export function dataDescriptor(entry: ZipEntryInfo): Buffer {
  const large = needs64(entry.size) || needs64(entry.compressedSize)
  const descriptor = Buffer.alloc(large ? 24 : 16)
  descriptor.writeUInt32LE(0x08074b50, 0)
  descriptor.writeUInt32LE(entry.crc32, 4)
  if (large) {
    descriptor.writeBigUInt64LE(BigInt(entry.compressedSize), 8)
    descriptor.writeBigUInt64LE(BigInt(entry.size), 16)
  } else {
    descriptor.writeUInt32LE(entry.compressedSize, 8)
    descriptor.writeUInt32LE(entry.size, 12)
  }
  return descriptor
}

export function centralDirectoryHeader(entry: ZipEntryInfo): Buffer {
  const name = Buffer.from(entry.name, "utf8")
  const sizeLarge = needs64(entry.size)
  const compressedLarge = needs64(entry.compressedSize)
  const offsetLarge = needs64(entry.offset)
  const large64: number[] = []
  if (sizeLarge) large64.push(entry.size)
  if (compressedLarge) large64.push(entry.compressedSize)
  if (offsetLarge) large64.push(entry.offset)
  const zip64 = large64.length > 0
  const extra = Buffer.concat([extendedTimestamp(entry.mtime), zip64 ? zip64Field(large64) : Buffer.alloc(0)])
  const { date, time } = dosDateTime(entry.mtime)
  const version = zip64 ? VERSION_ZIP64 : VERSION_DEFLATE
  const header = Buffer.alloc(46)
  header.writeUInt32LE(0x02014b50, 0)
  header.writeUInt16LE(MADE_BY_UNIX | version, 4)
  header.writeUInt16LE(version, 6)
  header.writeUInt16LE(FLAG_UTF8 | (entry.streamed ? FLAG_DATA_DESCRIPTOR : 0), 8)
  header.writeUInt16LE(entry.method, 10)
  header.writeUInt16LE(time, 12)
  header.writeUInt16LE(date, 14)
  header.writeUInt32LE(entry.crc32, 16)
  header.writeUInt32LE(compressedLarge ? ZIP64_MARK_32 : entry.compressedSize, 20)
  header.writeUInt32LE(sizeLarge ? ZIP64_MARK_32 : entry.size, 24)
  header.writeUInt16LE(name.length, 28)
  header.writeUInt16LE(extra.length, 30)
  header.writeUInt16LE(0, 32) // comment length
  header.writeUInt16LE(0, 34) // disk number start
  header.writeUInt16LE(0, 36) // internal attributes
  header.writeUInt32LE((REGULAR_FILE_MODE << 16) >>> 0, 38)
  header.writeUInt32LE(offsetLarge ? ZIP64_MARK_32 : entry.offset, 42)
  return Buffer.concat([header, name, extra])
}

/** The end of the archive: ZIP64 end record and locator when any count, size or offset needs them, then the classic end record. */
export function endOfCentralDirectory(entryCount: number, directoryOffset: number, directorySize: number): Buffer {
  const zip64 = entryCount >= ZIP64_MARK_16 || needs64(directoryOffset) || needs64(directorySize)
  const parts: Buffer[] = []
  if (zip64) {
    const record = Buffer.alloc(56)
    record.writeUInt32LE(0x06064b50, 0)
    record.writeBigUInt64LE(44n, 4) // size of the rest of this record
    record.writeUInt16LE(MADE_BY_UNIX | VERSION_ZIP64, 12)
    record.writeUInt16LE(VERSION_ZIP64, 14)
    record.writeUInt32LE(0, 16) // this disk
    record.writeUInt32LE(0, 20) // disk with the central directory
    record.writeBigUInt64LE(BigInt(entryCount), 24)
    record.writeBigUInt64LE(BigInt(entryCount), 32)
    record.writeBigUInt64LE(BigInt(directorySize), 40)
    record.writeBigUInt64LE(BigInt(directoryOffset), 48)
    const locator = Buffer.alloc(20)
    locator.writeUInt32LE(0x07064b50, 0)
    locator.writeUInt32LE(0, 4)
    locator.writeBigUInt64LE(BigInt(directoryOffset + directorySize), 8)
    locator.writeUInt32LE(1, 16) // total disks
    parts.push(record, locator)
  }
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(0, 4)
  end.writeUInt16LE(0, 6)
  end.writeUInt16LE(zip64 ? ZIP64_MARK_16 : entryCount, 8)
  end.writeUInt16LE(zip64 ? ZIP64_MARK_16 : entryCount, 10)
  end.writeUInt32LE(zip64 ? ZIP64_MARK_32 : directorySize, 12)
  end.writeUInt32LE(zip64 ? ZIP64_MARK_32 : directoryOffset, 16)
  end.writeUInt16LE(0, 20) // comment length
  parts.push(end)
  return Buffer.concat(parts)
}
