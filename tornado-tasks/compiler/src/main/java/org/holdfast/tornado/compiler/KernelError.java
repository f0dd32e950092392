package org.holdfast.tornado.compiler;

import com.sun.source.tree.Tree;

/** A construct the kernel language does not support, with the tree to report it at. */
final class KernelError extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient Tree tree;

    KernelError(Tree tree, String message) {
        super(message, null, false, false);
        this.tree = tree;
    }

    Tree tree() {
        return tree;
    }
}
