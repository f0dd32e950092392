package org.holdfast.bridge;

/**
 * One band of a split ({@code hf_band_layout}): the rows it owns, {@code [firstRow, endRow)}, the rows it holds,
 * {@code [lowRow, highRow)}, and the bytes of its receive buffer (two slots of a 16-byte line per double it receives).
 */
public record BandLayout(int firstRow, int endRow, int lowRow, int highRow, long receiveBytes) {
}
