package org.holdfast.tornado.compiler;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.TreeScanner;
import com.sun.source.util.Trees;
import java.io.IOException;
import java.util.function.Function;
import javax.tools.Diagnostic;

/**
 * The source text of one compilation unit, and its trees copied out of it with some subtrees
 * replaced: how a TornadoVM twin keeps the kernel's own text, comments and layout.
 */
final class TwinSource {

    private final CompilationUnitTree unit;
    private final SourcePositions positions;
    private final CharSequence text;

    private TwinSource(CompilationUnitTree unit, SourcePositions positions, CharSequence text) {
        this.unit = unit;
        this.positions = positions;
        this.text = text;
    }

    /** The unit's source, or null when it cannot be read or javac kept no end positions. */
    static TwinSource of(Trees trees, CompilationUnitTree unit) {
        SourcePositions positions = trees.getSourcePositions();
        if (unit.getTypeDecls().isEmpty() || positions.getEndPosition(unit, unit.getTypeDecls().getFirst()) == Diagnostic.NOPOS) {
            return null;
        }
        try {
            return new TwinSource(unit, positions, unit.getSourceFile().getCharContent(true));
        } catch (IOException e) {
            return null;
        }
    }

    long start(Tree tree) {
        return positions.getStartPosition(unit, tree);
    }

    long end(Tree tree) {
        return positions.getEndPosition(unit, tree);
    }

    /** The column of a tree's first character, 0-based. */
    int column(Tree tree) {
        return (int) unit.getLineMap().getColumnNumber(start(tree)) - 1;
    }

    /**
     * The text of {@code root} with every outermost subtree for which {@code edit} answers a
     * replacement replaced by it (a replacement renders that subtree's own children itself).
     */
    String splice(Tree root, Function<Tree, String> edit) {
        StringBuilder out = new StringBuilder();
        long[] at = {start(root)};
        new TreeScanner<Void, Void>() {
            @Override
            public Void scan(Tree node, Void unused) {
                if (node == null) {
                    return null;
                }
                if (node != root && start(node) >= 0 && end(node) >= 0) {
                    String replacement = edit.apply(node);
                    if (replacement != null) {
                        if (start(node) < at[0]) {
                            throw new IllegalStateException("overlapping edits at " + node);
                        }
                        out.append(text, (int) at[0], (int) start(node)).append(replacement);
                        at[0] = end(node);
                        return null;
                    }
                }
                return super.scan(node, unused);
            }
        }.scan(root, null);
        out.append(text, (int) at[0], (int) end(root));
        return out.toString();
    }
}
