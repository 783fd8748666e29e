#!/usr/bin/env python3
"""Tiny random-weight llama-architecture GGUF models for llama-server (run by provision-llama.sh).

Run with the python3 of the sid root made by scripts/provision-llama.sh (python3-gguf, python3-numpy).
Writes two files into --out:
  tiny-llama-chat.gguf   a causal model with a ChatML chat template (chat and text completions)
  tiny-llama-embed.gguf  the same weights with mean pooling declared, for `llama-server --embeddings`
The vocabulary is byte-level BPE (GPT-2 style): the 256 byte tokens, three control tokens and 78
merges, 337 tokens in all; width 64, 2 layers. Weights come from a fixed seed, so every run writes
the same bytes. The models produce gibberish: the suite checks protocol and shapes, not prose.
"""

import argparse
import os
import sys

import numpy as np
import gguf

SEED = 20261127
N_EMBD = 64
N_LAYER = 2
N_HEAD = 4
N_HEAD_KV = 4
N_FF = 128
N_CTX = 2048
RMS_EPS = 1e-5

CONTROL_TOKENS = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"]
# Merges of common English pairs (space is "Ġ" in the byte-to-unicode map): 26 + 52 = 78.
BIGRAMS = (
    "th he in er an re on at en nd ti es or te of ed is it al ar st to nt ng se ha "
    "as ou io le ve co me de hi ri ro ic ne ea ra ce li ch ll be ma si om ur wh ly"
).split()
MERGES = [f"Ġ {c}" for c in "abcdefghijklmnopqrstuvwxyz"] + [f"{p[0]} {p[1]}" for p in BIGRAMS]

# ChatML: llama-server recognises it without --jinja too (it looks for "<|im_start|>").
CHAT_TEMPLATE = (
    "{% for message in messages %}"
    "{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n' }}"
    "{% endfor %}"
    "{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}"
)


def byte_tokens():
    """GPT-2's reversible map from the 256 bytes to printable characters, in byte order."""
    printable = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1)) + list(range(ord("®"), ord("ÿ") + 1))
    chars = {}
    extra = 0
    for b in range(256):
        if b in printable:
            chars[b] = chr(b)
        else:
            chars[b] = chr(256 + extra)
            extra += 1
    return [chars[b] for b in range(256)]


def vocabulary():
    tokens = byte_tokens()
    types = [gguf.TokenType.NORMAL] * len(tokens)
    for merge in MERGES:
        left, right = merge.split(" ")
        assert left in tokens and right in tokens, merge
        tokens.append(left + right)
        types.append(gguf.TokenType.NORMAL)
    control = {}
    for name in CONTROL_TOKENS:
        control[name] = len(tokens)
        tokens.append(name)
        types.append(gguf.TokenType.CONTROL)
    assert len(set(tokens)) == len(tokens), "duplicate tokens"
    return tokens, types, control


def silent_tokens(control):
    """Tokens the model never says: the control tokens and every byte outside printable ASCII and
    newline. Random bytes would make invalid UTF-8, which llama-server turns into U+FFFD (and
    holds back at the end of a stream): text no model would write, and stop strings made of it
    never match the bytes underneath. The merges are all ASCII letters and spaces."""
    speakable = set(range(0x20, 0x7F)) | {0x0A}
    return list(control.values()) + [b for b in range(256) if b not in speakable]  # byte b is token b


def weights(n_vocab, silent_ids):
    rng = np.random.default_rng(SEED)

    def matrix(rows, cols, scale):
        return (rng.standard_normal((rows, cols)) * scale).astype(np.float32)

    head_dim = N_EMBD // N_HEAD
    tensors = {"token_embd.weight": matrix(n_vocab, N_EMBD, 1.0)}
    for i in range(N_LAYER):
        p = f"blk.{i}."
        tensors[p + "attn_norm.weight"] = np.ones(N_EMBD, dtype=np.float32)
        tensors[p + "attn_q.weight"] = matrix(N_EMBD, N_EMBD, N_EMBD**-0.5)
        tensors[p + "attn_k.weight"] = matrix(N_HEAD_KV * head_dim, N_EMBD, N_EMBD**-0.5)
        tensors[p + "attn_v.weight"] = matrix(N_HEAD_KV * head_dim, N_EMBD, N_EMBD**-0.5)
        tensors[p + "attn_output.weight"] = matrix(N_EMBD, N_EMBD, N_EMBD**-0.5)
        tensors[p + "ffn_norm.weight"] = np.ones(N_EMBD, dtype=np.float32)
        tensors[p + "ffn_gate.weight"] = matrix(N_FF, N_EMBD, N_EMBD**-0.5)
        tensors[p + "ffn_up.weight"] = matrix(N_FF, N_EMBD, N_EMBD**-0.5)
        tensors[p + "ffn_down.weight"] = matrix(N_EMBD, N_FF, N_FF**-0.5)
    tensors["output_norm.weight"] = np.ones(N_EMBD, dtype=np.float32)
    # Logits with a spread of a few units: sampling stays varied, and the silent tokens (rows of
    # zeros, logit 0) are practically never drawn, so a reply is printable ASCII and runs to its
    # token limit.
    output = matrix(n_vocab, N_EMBD, 0.4)
    for token in silent_ids:
        output[token, :] = 0.0
    tensors["output.weight"] = output
    return tensors


def write(path, name, tokens, types, control, tensors, pooling):
    arch = gguf.MODEL_ARCH_NAMES[gguf.MODEL_ARCH.LLAMA]
    writer = gguf.GGUFWriter(path, arch)
    writer.add_name(name)
    writer.add_context_length(N_CTX)
    writer.add_embedding_length(N_EMBD)
    writer.add_block_count(N_LAYER)
    writer.add_feed_forward_length(N_FF)
    writer.add_head_count(N_HEAD)
    writer.add_head_count_kv(N_HEAD_KV)
    writer.add_layer_norm_rms_eps(RMS_EPS)
    writer.add_rope_dimension_count(N_EMBD // N_HEAD)
    writer.add_vocab_size(len(tokens))
    writer.add_file_type(gguf.LlamaFileType.ALL_F32)
    if pooling is not None:
        writer.add_pooling_type(pooling)
    writer.add_tokenizer_model("gpt2")
    writer.add_tokenizer_pre("default")
    writer.add_token_list(tokens)
    writer.add_token_types(types)
    writer.add_token_merges(MERGES)
    writer.add_bos_token_id(control["<|endoftext|>"])
    writer.add_eos_token_id(control["<|im_end|>"])
    writer.add_eot_token_id(control["<|im_end|>"])
    writer.add_pad_token_id(control["<|endoftext|>"])
    writer.add_add_bos_token(False)
    writer.add_chat_template(CHAT_TEMPLATE)
    for tensor_name, data in tensors.items():
        writer.add_tensor(tensor_name, data)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True, help="directory to write the models into")
    args = parser.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    tokens, types, control = vocabulary()
    tensors = weights(len(tokens), silent_tokens(control))
    write(os.path.join(args.out, "tiny-llama-chat.gguf"), "tiny-llama-chat", tokens, types, control, tensors, None)
    write(os.path.join(args.out, "tiny-llama-embed.gguf"), "tiny-llama-embed", tokens, types, control, tensors, gguf.PoolingType.MEAN)
    print(f"make-tiny-gguf: {len(tokens)} tokens, width {N_EMBD}, {N_LAYER} layers, seed {SEED} -> {args.out}")


if __name__ == "__main__":
    main(sys.argv[1:])
