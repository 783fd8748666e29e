/** Base-128 varint of a uint64, or of an int64 in two's complement (protobuf's and Go's encoding/binary PutUvarint). */
export function uvarint(value: bigint | number): number[] {
  let rest = BigInt.asUintN(64, BigInt(value));
  const bytes: number[] = [];
  do {
    const low = Number(rest & 0x7fn);
    rest >>= 7n;
    bytes.push(rest > 0n ? low | 0x80 : low);
  } while (rest > 0n);
  return bytes;
}
