// Real, playable media files for tests, made without external tools (no ffmpeg on CI).
//
// The MP4 holds H.264 video coded with I_PCM macroblocks only: every 16×16 block carries its raw YUV samples, which
// needs no transform or entropy coder, so a few dozen lines write a stream any H.264 decoder plays. Raw samples are
// big (about 460 KB per 640×480 frame), which is exactly what a size test wants.
import sharp from 'sharp';
import { concat, type Bytes } from './bytes';

/** Writes bits most significant first; used for the parameter sets and slice headers. */
class BitWriter {
  private readonly bytes: number[] = [];
  private current = 0;
  private used = 0;

  bit(value: number): void {
    this.current = (this.current << 1) | (value & 1);
    this.used += 1;
    if (this.used === 8) {
      this.bytes.push(this.current);
      this.current = 0;
      this.used = 0;
    }
  }

  bits(count: number, value: number): void {
    for (let i = count - 1; i >= 0; i -= 1) this.bit((value >>> i) & 1);
  }

  /** Unsigned Exp-Golomb code. */
  ue(value: number): void {
    const coded = value + 1;
    const length = Math.floor(Math.log2(coded));
    this.bits(length, 0);
    this.bits(length + 1, coded);
  }

  /** Signed Exp-Golomb code. */
  se(value: number): void {
    this.ue(value <= 0 ? -2 * value : 2 * value - 1);
  }

  alignZero(): void {
    while (this.used !== 0) this.bit(0);
  }

  /** rbsp_trailing_bits: a stop bit, then zeros to the byte boundary. */
  trailing(): void {
    this.bit(1);
    this.alignZero();
  }

  /** A parameter set's NAL unit: its rbsp_trailing_bits, then its bytes escaped (escapeRbsp). */
  toNalUnit(): Uint8Array {
    this.trailing();
    return escapeRbsp(new Uint8Array(this.toBytes()));
  }

  get aligned(): boolean {
    return this.used === 0;
  }

  toBytes(): number[] {
    if (!this.aligned) throw new Error('not byte aligned');
    return this.bytes;
  }
}

/** Inserts emulation-prevention bytes (00 00 0x → 00 00 03 0x) so the payload never looks like a start code. */
function escapeRbsp(rbsp: Uint8Array): Uint8Array {
  const out = new Uint8Array(rbsp.length + Math.ceil(rbsp.length / 2) + 1);
  let length = 0;
  let zeros = 0;
  for (const byte of rbsp) {
    if (zeros >= 2 && byte <= 3) {
      out[length++] = 3;
      zeros = 0;
    }
    out[length++] = byte;
    zeros = byte === 0 ? zeros + 1 : 0;
  }
  return out.subarray(0, length);
}

function sequenceParameterSet(widthMbs: number, heightMbs: number): Uint8Array {
  const w = new BitWriter();
  w.bits(8, 0x67); // forbidden 0, nal_ref_idc 3, type 7 (SPS)
  w.bits(8, 66); // Baseline profile
  w.bits(8, 0xc0); // constraint_set0 and set1: Constrained Baseline
  w.bits(8, 40); // level 4.0
  w.ue(0); // seq_parameter_set_id
  w.ue(0); // log2_max_frame_num_minus4
  w.ue(2); // pic_order_cnt_type 2: order follows decoding order
  w.ue(1); // max_num_ref_frames
  w.bit(0); // gaps_in_frame_num_value_allowed_flag
  w.ue(widthMbs - 1);
  w.ue(heightMbs - 1);
  w.bit(1); // frame_mbs_only_flag
  w.bit(1); // direct_8x8_inference_flag
  w.bit(0); // frame_cropping_flag
  w.bit(0); // vui_parameters_present_flag
  return w.toNalUnit();
}

function pictureParameterSet(): Uint8Array {
  const w = new BitWriter();
  w.bits(8, 0x68); // nal_ref_idc 3, type 8 (PPS)
  w.ue(0); // pic_parameter_set_id
  w.ue(0); // seq_parameter_set_id
  w.bit(0); // entropy_coding_mode_flag: CAVLC
  w.bit(0); // bottom_field_pic_order_in_frame_present_flag
  w.ue(0); // num_slice_groups_minus1
  w.ue(0); // num_ref_idx_l0_default_active_minus1
  w.ue(0); // num_ref_idx_l1_default_active_minus1
  w.bit(0); // weighted_pred_flag
  w.bits(2, 0); // weighted_bipred_idc
  w.se(0); // pic_init_qp_minus26
  w.se(0); // pic_init_qs_minus26
  w.se(0); // chroma_qp_index_offset
  w.bit(1); // deblocking_filter_control_present_flag
  w.bit(0); // constrained_intra_pred_flag
  w.bit(0); // redundant_pic_cnt_present_flag
  return w.toNalUnit();
}

const PCM_MB_BYTES = 256 + 64 + 64;

/**
 * One IDR picture as a single slice of I_PCM macroblocks. `fill` writes a macroblock's 384 samples (16×16 luma,
 * then 8×8 Cb and 8×8 Cr); samples stay within 16..235 so the data never contains long runs of zero bytes.
 */
function idrSlice(
  widthMbs: number,
  heightMbs: number,
  idrPicId: number,
  fill: (mbX: number, mbY: number, out: Uint8Array) => void,
): Uint8Array {
  const header = new BitWriter();
  header.bits(8, 0x65); // nal_ref_idc 3, type 5 (IDR slice)
  header.ue(0); // first_mb_in_slice
  header.ue(7); // slice_type: I (all slices of the picture)
  header.ue(0); // pic_parameter_set_id
  header.bits(4, 0); // frame_num (log2_max_frame_num = 4)
  header.ue(idrPicId); // consecutive IDR pictures need different ids
  header.bit(0); // no_output_of_prior_pics_flag
  header.bit(0); // long_term_reference_flag
  header.se(0); // slice_qp_delta
  header.ue(1); // disable_deblocking_filter_idc: off (nothing to smooth in raw samples)
  header.ue(25); // first macroblock: mb_type I_PCM
  header.alignZero(); // pcm_alignment_zero_bits
  const head = header.toBytes();

  const count = widthMbs * heightMbs;
  // After the first, each macroblock starts aligned: ue(25) is 000011010, plus 7 alignment zeros = 0x0D 0x00.
  const rbsp = new Uint8Array(head.length + count * PCM_MB_BYTES + (count - 1) * 2 + 1);
  rbsp.set(head, 0);
  let offset = head.length;
  const samples = new Uint8Array(PCM_MB_BYTES);
  for (let mb = 0; mb < count; mb += 1) {
    if (mb > 0) {
      rbsp[offset++] = 0x0d;
      rbsp[offset++] = 0x00;
    }
    fill(mb % widthMbs, Math.floor(mb / widthMbs), samples);
    rbsp.set(samples, offset);
    offset += PCM_MB_BYTES;
  }
  rbsp[offset] = 0x80; // rbsp_slice_trailing_bits
  return escapeRbsp(rbsp);
}

// ---- ISO base media file (MP4) boxes -----------------------------------------------------------------------------

const u16 = (n: number) => [(n >>> 8) & 0xff, n & 0xff];
const u32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const fourcc = (text: string) => [...text].map((c) => c.charCodeAt(0));
const zeros = (n: number) => new Array<number>(n).fill(0);
const MATRIX = [0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000].flatMap(u32);

function box(type: string, ...payload: Bytes[]): Uint8Array {
  const body = concat(payload);
  return concat([u32(body.length + 8), fourcc(type), body]);
}

function fullBox(type: string, version: number, flags: number, ...payload: Bytes[]): Uint8Array {
  return box(type, [version, (flags >>> 16) & 0xff, (flags >>> 8) & 0xff, flags & 0xff], ...payload);
}

export interface Mp4Options {
  width: number;
  height: number;
  fps: number;
  /** The file is made exactly this long: as many frames as fit, then a `free` box. */
  totalBytes: number;
}

/**
 * A valid, playable H.264 MP4 of exactly `totalBytes`, with the index (moov) first so playback can start from the
 * first byte range. The picture is a colour gradient with a bar that moves every frame.
 */
export function makeMp4({ width, height, fps, totalBytes }: Mp4Options): {
  bytes: Uint8Array<ArrayBuffer>;
  frames: number;
  durationSeconds: number;
} {
  if (width % 16 !== 0 || height % 16 !== 0) throw new Error('width and height must be multiples of 16');
  if (1000 % fps !== 0) throw new Error('fps must divide 1000');
  const widthMbs = width / 16;
  const heightMbs = height / 16;
  const sps = sequenceParameterSet(widthMbs, heightMbs);
  const pps = pictureParameterSet();

  const frame = (index: number) =>
    idrSlice(widthMbs, heightMbs, index % 2, (mbX, mbY, out) => {
      const bar = (index * 4) % widthMbs;
      for (let y = 0; y < 16; y += 1) {
        for (let x = 0; x < 16; x += 1) {
          const px = mbX * 16 + x;
          const py = mbY * 16 + y;
          out[y * 16 + x] = mbX === bar ? 235 : 16 + ((px + py + index * 3) % 200);
        }
      }
      for (let i = 0; i < 64; i += 1) {
        out[256 + i] = 16 + ((mbX * 7 + index) % 224);
        out[320 + i] = 16 + ((mbY * 9 + index * 2) % 224);
      }
    });

  // Every frame has the same size (raw samples), so the layout can be computed before writing any of it.
  const sampleSize = 4 + frame(0).length;
  const frameDelta = 1000 / fps;
  const moovFor = (count: number, mdatOffset: number) => {
    const duration = count * frameDelta;
    const avcC = box('avcC', [1, 66, 0xc0, 40, 0xff, 0xe1], u16(sps.length), sps, [1], u16(pps.length), pps);
    const compressor = zeros(32);
    const avc1 = box(
      'avc1',
      zeros(6),
      u16(1),
      zeros(16),
      u16(width),
      u16(height),
      u32(0x00480000),
      u32(0x00480000),
      u32(0),
      u16(1),
      compressor,
      u16(0x18),
      u16(0xffff),
      avcC,
    );
    const stbl = box(
      'stbl',
      fullBox('stsd', 0, 0, u32(1), avc1),
      fullBox('stts', 0, 0, u32(1), u32(count), u32(frameDelta)),
      fullBox('stsc', 0, 0, u32(1), u32(1), u32(count), u32(1)),
      fullBox('stsz', 0, 0, u32(0), u32(count), ...Array.from({ length: count }, () => u32(sampleSize))),
      fullBox('stco', 0, 0, u32(1), u32(mdatOffset)),
    );
    const minf = box(
      'minf',
      fullBox('vmhd', 0, 1, u16(0), u16(0), u16(0), u16(0)),
      box('dinf', fullBox('dref', 0, 0, u32(1), fullBox('url ', 0, 1))),
      stbl,
    );
    const mdia = box(
      'mdia',
      fullBox('mdhd', 0, 0, u32(0), u32(0), u32(1000), u32(duration), u16(0x55c4), u16(0)),
      fullBox('hdlr', 0, 0, u32(0), fourcc('vide'), zeros(12), fourcc('VideoHandler'), [0]),
      minf,
    );
    const tkhd = fullBox(
      'tkhd',
      0,
      3,
      u32(0),
      u32(0),
      u32(1),
      u32(0),
      u32(duration),
      zeros(8),
      u16(0),
      u16(0),
      u16(0),
      u16(0),
      MATRIX,
      u32(width << 16),
      u32(height << 16),
    );
    const mvhd = fullBox(
      'mvhd',
      0,
      0,
      u32(0),
      u32(0),
      u32(1000),
      u32(duration),
      u32(0x00010000),
      u16(0x0100),
      zeros(10),
      MATRIX,
      zeros(24),
      u32(2),
    );
    return box('moov', mvhd, box('trak', tkhd, mdia));
  };

  const ftyp = box('ftyp', fourcc('isom'), u32(0x200), fourcc('isom'), fourcc('iso2'), fourcc('avc1'), fourcc('mp41'));
  // The moov grows by 4 bytes per frame (its sample size table); find how many frames fit.
  let count = Math.floor(totalBytes / sampleSize);
  const layout = (n: number) => ftyp.length + moovFor(n, 0).length + 8 + n * sampleSize;
  while (count > 0 && layout(count) + 8 > totalBytes) count -= 1;
  if (count === 0) throw new Error('totalBytes is too small for one frame');
  const moovLength = moovFor(count, 0).length;
  const mdatOffset = ftyp.length + moovLength + 8;
  const moov = moovFor(count, mdatOffset);

  const out = new Uint8Array(totalBytes);
  let offset = 0;
  const put = (bytes: Bytes) => {
    out.set(bytes, offset);
    offset += bytes.length;
  };
  put(ftyp);
  put(moov);
  put(u32(8 + count * sampleSize));
  put(fourcc('mdat'));
  for (let index = 0; index < count; index += 1) {
    const nal = frame(index);
    put(u32(nal.length));
    put(nal);
  }
  // The rest is a `free` box: ignored by players, it makes the file exactly the size asked for.
  const rest = totalBytes - offset;
  put(u32(rest));
  put(fourcc('free'));
  return { bytes: out, frames: count, durationSeconds: count / fps };
}

/**
 * A real baseline JPEG of at least `minBytes`: random noise does not compress, so its size is predictable. Returns
 * the bytes and the pixel size (a test checks the browser decoded it).
 */
export async function makeLargeJpeg(
  minBytes: number,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; width: number; height: number }> {
  // Noise at quality 100 with full-resolution colour costs about 2.9 bytes per pixel; start a little below that and
  // grow until big enough.
  let width = Math.ceil(Math.sqrt(minBytes / 2.8) / 8) * 8;
  for (;;) {
    const height = width;
    const raw = new Uint8Array(width * height * 3);
    let x = 0x2545f491;
    for (let i = 0; i < raw.length; i += 1) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      raw[i] = x & 0xff;
    }
    const jpeg = await sharp(raw, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
      .toBuffer();
    if (jpeg.byteLength >= minBytes) return { bytes: new Uint8Array(jpeg), width, height };
    width = Math.ceil((width * Math.sqrt(minBytes / jpeg.byteLength) * 1.02) / 8) * 8;
  }
}

/** A picture of one colour, as JPEG or PNG bytes: for upload fields that need a real image and nothing more. */
export function solidPicture(
  format: 'jpeg' | 'png',
  width: number,
  height: number,
  background: string,
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .toFormat(format)
    .toBuffer();
}
