import { gzipSync } from 'node:zlib';
import { uvarint } from './uvarint.js';
import type { Frame, GoProfile } from './profile-model.js';

/**
 * A profile in pprof's format (github.com/google/pprof proto/profile.proto), gzipped as
 * runtime/pprof writes it: one mapping for the program (its functions given, so no tool asks
 * /debug/pprof/symbol), a location per frame at an address of its own, a function per name and file.
 */

/** A protobuf message under construction. */
class Message {
  readonly bytes: number[] = [];

  number(field: number, value: bigint | number): this {
    if (value !== 0 && value !== 0n) this.bytes.push(...uvarint(field << 3), ...uvarint(value));
    return this;
  }

  /** A packed repeated varint field. */
  numbers(field: number, values: readonly (bigint | number)[]): this {
    return values.length === 0
      ? this
      : this.raw(
          field,
          values.flatMap((value) => uvarint(value)),
        );
  }

  message(field: number, message: Message): this {
    return this.raw(field, message.bytes);
  }

  raw(field: number, bytes: readonly number[] | Buffer): this {
    this.bytes.push(...uvarint((field << 3) | 2), ...uvarint(bytes.length), ...bytes);
    return this;
  }
}

/** Where the first location lies (any address pprof shows as the program's). */
const FIRST_ADDRESS = 0x1000;

/** The profile's protobuf bytes, gzipped. */
export function profileProtobuf(profile: GoProfile, program: string): Buffer {
  const strings = [''];
  const stringIndex = new Map([['', 0]]);
  const text = (value: string): number => {
    const known = stringIndex.get(value);
    if (known !== undefined) return known;
    stringIndex.set(value, strings.length);
    strings.push(value);
    return strings.length - 1;
  };
  const functions = new Map<string, number>();
  const locations = new Map<string, number>();
  const functionMessages: Message[] = [];
  const locationMessages: Message[] = [];
  const locationOf = (frame: Frame): number => {
    const functionKey = `${frame.functionName}\u0000${frame.file}`;
    let functionId = functions.get(functionKey);
    if (functionId === undefined) {
      functionId = functions.size + 1;
      functions.set(functionKey, functionId);
      const name = text(frame.functionName);
      functionMessages.push(new Message().number(1, functionId).number(2, name).number(3, name).number(4, text(frame.file)));
    }
    const locationKey = `${functionId}:${frame.line}`;
    let locationId = locations.get(locationKey);
    if (locationId === undefined) {
      locationId = locations.size + 1;
      locations.set(locationKey, locationId);
      const line = new Message().number(1, functionId).number(2, frame.line);
      locationMessages.push(
        new Message()
          .number(1, locationId)
          .number(2, 1)
          .number(3, FIRST_ADDRESS + locationId)
          .message(4, line),
      );
    }
    return locationId;
  };
  const out = new Message();
  for (const [type, unit] of profile.sampleTypes) out.message(1, new Message().number(1, text(type)).number(2, text(unit)));
  for (const sample of profile.samples) out.message(2, new Message().numbers(1, sample.stack.map(locationOf)).numbers(2, sample.values));
  const mapping = new Message()
    .number(1, 1)
    .number(2, FIRST_ADDRESS)
    .number(3, FIRST_ADDRESS + locations.size + 1)
    .number(5, text(program))
    .number(7, 1)
    .number(8, 1)
    .number(9, 1);
  out.message(3, mapping);
  for (const location of locationMessages) out.message(4, location);
  for (const fn of functionMessages) out.message(5, fn);
  const periodType = new Message().number(1, text(profile.periodType[0])).number(2, text(profile.periodType[1]));
  const defaultSampleType = profile.defaultSampleType === undefined ? 0 : text(profile.defaultSampleType);
  for (const value of strings) out.raw(6, Buffer.from(value));
  out
    .number(9, profile.timeNanos)
    .number(10, profile.durationNanos ?? 0)
    .message(11, periodType)
    .number(12, profile.period)
    .number(14, defaultSampleType);
  return gzipSync(Buffer.from(out.bytes), { level: 1 });
}
