import Foundation

extension JPEGDecoder {
    /// Turns the coefficients into RGBA: inverse DCT per component, upsampling to full size, colour conversion.
    func output() throws(PictureError) -> Picture {
        let width = outputWidth, height = outputHeight
        var planes: [[UInt8]] = []
        for component in components {
            let table = quantTables[component.quantTable]
            guard table.count == 64 else { throw .corrupt("JPEG component uses a missing quantization table") }
            planes.append(scale == 1 ? Self.inverseTransform(component, coefficients, table: table)
                          : Self.reducedTransform(component, coefficients, table: table, side: 8 / scale, blockSize: blockSize))
        }
        var full: [[UInt8]] = []
        for (index, component) in components.enumerated() {
            full.append(upsample(planes[index], component, width: width, height: height, stride: component.blocksPerLine * 8 / scale))
        }
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        let count = width * height
        pixels.withUnsafeMutableBufferPointer { out in
            if full.count == 1 {
                full[0].withUnsafeBufferPointer { grey in
                    for index in 0..<count {
                        out[index * 4] = grey[index]
                        out[index * 4 + 1] = grey[index]
                        out[index * 4 + 2] = grey[index]
                    }
                }
                return
            }
            let isRGB = adobeTransform == 0 || (adobeTransform == nil && components.map(\.id) == [82, 71, 66])
            full[0].withUnsafeBufferPointer { first in
                full[1].withUnsafeBufferPointer { second in
                    full[2].withUnsafeBufferPointer { third in
                        if isRGB {
                            for index in 0..<count {
                                out[index * 4] = first[index]
                                out[index * 4 + 1] = second[index]
                                out[index * 4 + 2] = third[index]
                            }
                            return
                        }
                        for index in 0..<count {
                            let y = Int(first[index]) << 16 + 32768
                            let cb = Int(second[index]) - 128, cr = Int(third[index]) - 128
                            // libjpeg's jdcolor.c constants: 1.402, 0.34414, 0.71414, 1.772 in 16.16 fixed point.
                            out[index * 4] = clamp((y + 91881 * cr) >> 16)
                            out[index * 4 + 1] = clamp((y - 22554 * cb - 46802 * cr) >> 16)
                            out[index * 4 + 2] = clamp((y + 116130 * cb) >> 16)
                        }
                    }
                }
            }
        }
        return Picture(width: width, height: height, pixels: pixels)
    }

    static func inverseTransform(_ component: Component, _ all: [Int16], table: [UInt16]) -> [UInt8] {
        let stride = component.blocksPerLine * 8
        var plane = [UInt8](repeating: 0, count: stride * component.blocksPerColumn * 8)
        let quant = table.map(Int.init)
        plane.withUnsafeMutableBufferPointer { out in
            all.withUnsafeBufferPointer { coefficients in
                quant.withUnsafeBufferPointer { quant in
                    var workspace = [Int](repeating: 0, count: 64)
                    workspace.withUnsafeMutableBufferPointer { workspace in
                        for row in 0..<component.blocksPerColumn {
                            for column in 0..<component.blocksPerLine {
                                let block = component.offset + (row * component.blocksPerLine + column) * 64
                                let origin = row * 8 * stride + column * 8
                                inverseDCT(coefficients, block, quant, workspace, out, origin, stride)
                            }
                        }
                    }
                }
            }
        }
        return plane
    }

    /// Each block's `side` × `side` samples from its lowest `side` × `side` frequencies: the 8-point inverse DCT's
    /// basis read at the centres of `side` cells instead of 8 (libjpeg's scaled decoding), the mean of each
    /// cell's samples to within the frequencies dropped. `blockSize` is 64 when all coefficients were kept.
    static func reducedTransform(_ component: Component, _ all: [Int16], table: [UInt16], side: Int, blockSize: Int)
        -> [UInt8] {
        let stride = component.blocksPerLine * side
        var plane = [UInt8](repeating: 0, count: stride * component.blocksPerColumn * side)
        // basis[x * side + u]: C(u) / 2 · cos((2x + 1) u π / (2 · side)), C(0) = 1/√2.
        let basis: [Float] = (0..<(side * side)).map { index in
            let x = index / side, u = index % side
            let weight: Float = u == 0 ? Float(0.5).squareRoot() / 2 : 0.5
            return weight * Float(cos(Double((2 * x + 1) * u) * Double.pi / Double(2 * side)))
        }
        let rowLength = blockSize == 64 ? 8 : side
        var dequantized = [Float](repeating: 0, count: side * side)
        var across = [Float](repeating: 0, count: side * side)
        for row in 0..<component.blocksPerColumn {
            for column in 0..<component.blocksPerLine {
                let block = component.offset + (row * component.blocksPerLine + column) * blockSize
                for v in 0..<side {
                    for u in 0..<side {
                        dequantized[v * side + u] = Float(all[block + v * rowLength + u]) * Float(table[v * 8 + u])
                    }
                }
                // Across each frequency row, then down.
                for v in 0..<side {
                    for x in 0..<side {
                        var sum: Float = 0
                        for u in 0..<side { sum += basis[x * side + u] * dequantized[v * side + u] }
                        across[v * side + x] = sum
                    }
                }
                let origin = row * side * stride + column * side
                for y in 0..<side {
                    for x in 0..<side {
                        var sum: Float = 128
                        for v in 0..<side { sum += basis[y * side + v] * across[v * side + x] }
                        plane[origin + y * stride + x] = UInt8(min(max(sum.rounded(), 0), 255))
                    }
                }
            }
        }
        return plane
    }

    /// stb_image's integer inverse DCT, the algorithm of libjpeg's `jidctint.c` with 12-bit constants.
    @inline(__always)
    static func inverseDCT(_ input: UnsafeBufferPointer<Int16>, _ block: Int, _ quant: UnsafeBufferPointer<Int>,
                           _ work: UnsafeMutableBufferPointer<Int>, _ out: UnsafeMutableBufferPointer<UInt8>,
                           _ origin: Int, _ stride: Int) {
        for column in 0..<8 {
            @inline(__always) func at(_ row: Int) -> Int { Int(input[block + row * 8 + column]) &* quant[row * 8 + column] }
            if input[block + 8 + column] == 0 && input[block + 16 + column] == 0 && input[block + 24 + column] == 0
                && input[block + 32 + column] == 0 && input[block + 40 + column] == 0
                && input[block + 48 + column] == 0 && input[block + 56 + column] == 0 {
                let dc = at(0) &* 4
                for row in 0..<8 { work[row * 8 + column] = dc }
                continue
            }
            let r = idct1D(at(0), at(1), at(2), at(3), at(4), at(5), at(6), at(7))
            let x0 = r.x0 &+ 512, x1 = r.x1 &+ 512, x2 = r.x2 &+ 512, x3 = r.x3 &+ 512
            work[column] = (x0 &+ r.t3) >> 10
            work[56 + column] = (x0 &- r.t3) >> 10
            work[8 + column] = (x1 &+ r.t2) >> 10
            work[48 + column] = (x1 &- r.t2) >> 10
            work[16 + column] = (x2 &+ r.t1) >> 10
            work[40 + column] = (x2 &- r.t1) >> 10
            work[24 + column] = (x3 &+ r.t0) >> 10
            work[32 + column] = (x3 &- r.t0) >> 10
        }
        for row in 0..<8 {
            let w = row * 8
            let r = idct1D(work[w], work[w + 1], work[w + 2], work[w + 3], work[w + 4], work[w + 5], work[w + 6],
                           work[w + 7])
            // 1 << 17 undoes the scaling of both passes; 65536 rounds, 128 << 17 is the level shift.
            let bias = 65536 + (128 << 17)
            let x0 = r.x0 &+ bias, x1 = r.x1 &+ bias, x2 = r.x2 &+ bias, x3 = r.x3 &+ bias
            let o = origin + row * stride
            out[o] = clamp((x0 &+ r.t3) >> 17)
            out[o + 7] = clamp((x0 &- r.t3) >> 17)
            out[o + 1] = clamp((x1 &+ r.t2) >> 17)
            out[o + 6] = clamp((x1 &- r.t2) >> 17)
            out[o + 2] = clamp((x2 &+ r.t1) >> 17)
            out[o + 5] = clamp((x2 &- r.t1) >> 17)
            out[o + 3] = clamp((x3 &+ r.t0) >> 17)
            out[o + 4] = clamp((x3 &- r.t0) >> 17)
        }
    }

    @inline(__always)
    static func idct1D(_ s0: Int, _ s1: Int, _ s2: Int, _ s3: Int, _ s4: Int, _ s5: Int, _ s6: Int, _ s7: Int)
        -> (x0: Int, x1: Int, x2: Int, x3: Int, t0: Int, t1: Int, t2: Int, t3: Int) {
        var p1 = (s2 &+ s6) &* 2217
        let t2e = p1 &+ s6 &* -7567
        let t3e = p1 &+ s2 &* 3135
        let t0e = (s0 &+ s4) &* 4096
        let t1e = (s0 &- s4) &* 4096
        let x0 = t0e &+ t3e, x3 = t0e &- t3e, x1 = t1e &+ t2e, x2 = t1e &- t2e
        var t0 = s7, t1 = s5, t2 = s3, t3 = s1
        var p3 = t0 &+ t2
        var p4 = t1 &+ t3
        p1 = t0 &+ t3
        var p2 = t1 &+ t2
        let p5 = (p3 &+ p4) &* 4816
        t0 = t0 &* 1223
        t1 = t1 &* 8410
        t2 = t2 &* 12586
        t3 = t3 &* 6149
        p1 = p5 &+ p1 &* -3685
        p2 = p5 &+ p2 &* -10497
        p3 = p3 &* -8034
        p4 = p4 &* -1597
        t3 = t3 &+ p1 &+ p4
        t2 = t2 &+ p2 &+ p3
        t1 = t1 &+ p2 &+ p4
        t0 = t0 &+ p1 &+ p3
        return (x0, x1, x2, x3, t0, t1, t2, t3)
    }

    /// A component's samples at full size, `width * height`: libjpeg's triangular ("fancy") filter for 2:1
    /// sampling, each sample repeated for other ratios.
    func upsample(_ plane: [UInt8], _ component: Component, width: Int, height: Int, stride: Int) -> [UInt8] {
        let scaleX = maxHorizontal / component.horizontal, scaleY = maxVertical / component.vertical
        let exactX = maxHorizontal % component.horizontal == 0, exactY = maxVertical % component.vertical == 0
        let sourceWidth = (width * component.horizontal + maxHorizontal - 1) / maxHorizontal
        let sourceHeight = (height * component.vertical + maxVertical - 1) / maxVertical
        var result = [UInt8](repeating: 0, count: width * height)
        result.withUnsafeMutableBufferPointer { out in
            plane.withUnsafeBufferPointer { plane in
                if scaleX == 1 && scaleY == 1 && exactX && exactY {
                    for y in 0..<height {
                        for x in 0..<width { out[y * width + x] = plane[y * stride + x] }
                    }
                } else if exactX && exactY && scaleX == 2 && scaleY == 2 && sourceWidth >= 2 {
                    Self.fancy2x2(plane, stride, sourceWidth, sourceHeight, out, width, height)
                } else if exactX && exactY && scaleX == 2 && scaleY == 1 && sourceWidth >= 2 {
                    for y in 0..<height {
                        Self.fancyRow(plane, y * stride, sourceWidth, out, y * width, width)
                    }
                } else {
                    for y in 0..<height {
                        let sourceY = min(y * component.vertical / maxVertical, sourceHeight - 1)
                        for x in 0..<width {
                            let sourceX = min(x * component.horizontal / maxHorizontal, sourceWidth - 1)
                            out[y * width + x] = plane[sourceY * stride + sourceX]
                        }
                    }
                }
            }
        }
        return result
    }

    static func fancyRow(_ plane: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int,
                         _ out: UnsafeMutableBufferPointer<UInt8>, _ outStart: Int, _ outWidth: Int) {
        var values = [UInt8](repeating: 0, count: count * 2)
        for index in 0..<count {
            let value = Int(plane[start + index]) * 3
            let left = Int(plane[start + max(index - 1, 0)]), right = Int(plane[start + min(index + 1, count - 1)])
            values[index * 2] = index == 0 ? plane[start] : UInt8((value + left + 1) >> 2)
            values[index * 2 + 1] = index == count - 1 ? plane[start + index] : UInt8((value + right + 2) >> 2)
        }
        for x in 0..<outWidth { out[outStart + x] = values[min(x, values.count - 1)] }
    }

    static func fancy2x2(_ plane: UnsafeBufferPointer<UInt8>, _ stride: Int, _ sourceWidth: Int, _ sourceHeight: Int,
                         _ out: UnsafeMutableBufferPointer<UInt8>, _ width: Int, _ height: Int) {
        var sums = [Int](repeating: 0, count: sourceWidth)
        var row = [UInt8](repeating: 0, count: sourceWidth * 2)
        for y in 0..<height {
            let sourceRow = min(y / 2, sourceHeight - 1)
            // The nearer source row weighs 3, the other 1; the edge rows stand in for the missing neighbours.
            let neighbour = y % 2 == 0 ? max(sourceRow - 1, 0) : min(sourceRow + 1, sourceHeight - 1)
            for x in 0..<sourceWidth {
                sums[x] = Int(plane[sourceRow * stride + x]) * 3 + Int(plane[neighbour * stride + x])
            }
            row[0] = UInt8((sums[0] * 4 + 8) >> 4)
            row[1] = UInt8((sums[0] * 3 + sums[1] + 7) >> 4)
            for x in 1..<(sourceWidth - 1) {
                row[x * 2] = UInt8((sums[x] * 3 + sums[x - 1] + 8) >> 4)
                row[x * 2 + 1] = UInt8((sums[x] * 3 + sums[x + 1] + 7) >> 4)
            }
            let last = sourceWidth - 1
            row[last * 2] = UInt8((sums[last] * 3 + sums[last - 1] + 8) >> 4)
            row[last * 2 + 1] = UInt8((sums[last] * 4 + 7) >> 4)
            for x in 0..<width { out[y * width + x] = row[min(x, row.count - 1)] }
        }
    }
}

@inline(__always)
func clamp(_ value: Int) -> UInt8 { UInt8(clamping: value) }
