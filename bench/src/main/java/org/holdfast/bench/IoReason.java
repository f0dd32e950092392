package org.holdfast.bench;

import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/**
 * Why a file operation failed, in words: Java's file exceptions often carry only the file's name as
 * their message ({@code /proc/x}), which says nothing to a user.
 */
public final class IoReason {

    private IoReason() {
    }

    public static String of(Throwable e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileAlreadyExistsException || e instanceof NotDirectoryException) {
            return "a file of that name is in the way";
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or folder";
        }
        if (e instanceof FileSystemException fileSystem && fileSystem.getReason() != null) {
            String reason = fileSystem.getReason();
            return Character.toLowerCase(reason.charAt(0)) + reason.substring(1);
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
