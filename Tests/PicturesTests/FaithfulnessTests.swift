import Foundation
import Testing
@testable import Pictures

@Suite("Pictures faithfulness")
struct FaithfulnessTests {
    @Test("every avatar decodes as ImageMagick decodes it (PSNR >= 40 dB)")
    func everyAvatarMatchesImageMagick() throws {
        let files = ReferenceTool.avatarFiles
        guard files.count > 0 else {
            print("skipped: \(ReferenceTool.missingAvatars)")
            return
        }
        guard ReferenceTool.convert != nil else {
            print("skipped: \(ReferenceTool.missingConvert)")
            return
        }
        #expect(files.count == 826)
        var worst = (name: "", psnr: Double.infinity)
        for batch in stride(from: 0, to: files.count, by: 100) {
            let slice = Array(files[batch..<min(batch + 100, files.count)])
            let ours = try slice.map { try PictureDecoder.decode([UInt8](Data(contentsOf: $0))) }
            let reference = try ReferenceTool.decode(slice, sizes: ours.map { ($0.width, $0.height) })
            #expect(reference.count == ours.count, "ImageMagick's sizes differ from ours in \(slice[0].lastPathComponent)…")
            for (index, picture) in ours.enumerated() where index < reference.count {
                let psnr = ReferenceTool.psnr(picture.pixels, reference[index])
                if psnr < worst.psnr { worst = (slice[index].lastPathComponent, psnr) }
                #expect(psnr >= 40, "\(slice[index].lastPathComponent): PSNR \(psnr) dB")
            }
        }
        print("lowest PSNR against ImageMagick: \(worst.name) \(worst.psnr) dB")
    }
}
